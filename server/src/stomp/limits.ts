/** Bounds that keep one connection from consuming unbounded memory or CPU. */

export interface FrameLimits {
  /** Largest whole frame (command, headers and body) in bytes. */
  readonly maxFrameBytes: number;
  /** Largest body in bytes. */
  readonly maxBodyBytes: number;
  /** Most header lines in one frame. */
  readonly maxHeaders: number;
  /** Longest single header (or command) line in bytes. */
  readonly maxHeaderLineBytes: number;
  /** Most bytes received but not yet turned into frames (pipelined frames waiting on a slow hook). */
  readonly maxPendingBytes: number;
}

export const DEFAULT_FRAME_LIMITS: FrameLimits = {
  maxFrameBytes: 64 * 1024,
  maxBodyBytes: 60 * 1024,
  maxHeaders: 64,
  maxHeaderLineBytes: 4 * 1024,
  maxPendingBytes: 256 * 1024,
};

export interface SessionLimits {
  /** Sustained client frames per second (SEND, SUBSCRIBE, UNSUBSCRIBE, ACK, …). */
  readonly ratePerSecond: number;
  /** Frames allowed in a burst above the sustained rate. */
  readonly rateBurst: number;
  /** Frames that may be dropped for the rate limit before the connection is closed. */
  readonly maxDroppedFrames: number;
  /** Subscriptions one connection may hold. */
  readonly maxSubscriptions: number;
  /** Time a fresh socket has to send CONNECT. */
  readonly connectTimeoutMs: number;
  /** Outgoing bytes queued in the socket before the client counts as too slow and is closed. */
  readonly maxBufferedBytes: number;
}

export const DEFAULT_SESSION_LIMITS: SessionLimits = {
  ratePerSecond: 20,
  rateBurst: 40,
  maxDroppedFrames: 40,
  maxSubscriptions: 32,
  connectTimeoutMs: 10_000,
  maxBufferedBytes: 4 * 1024 * 1024,
};

export interface HeartBeatOptions {
  /** Interval the server offers to send pings at (ms); 0 = never. */
  readonly outgoingMs: number;
  /** Interval the server wants to hear from the client at (ms); 0 = never. */
  readonly incomingMs: number;
  /** Extra silence tolerated on top of twice the negotiated client interval (ms). */
  readonly graceMs: number;
  /**
   * For a client that sends no heart-beats (`heart-beat:0,…`): how often it gets a WebSocket ping
   * (ms; 0 = never). One that has sent nothing, not even the pong, by the next ping is closed.
   */
  readonly pingMs: number;
}

export const DEFAULT_HEART_BEAT: HeartBeatOptions = {
  outgoingMs: 10_000,
  incomingMs: 10_000,
  graceMs: 5_000,
  pingMs: 30_000,
};
