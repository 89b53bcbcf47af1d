/**
 * One STOMP connection: the protocol state machine from CONNECT to close. Frames are handled
 * strictly in order, one at a time, so an async hook (authenticate, onSubscribe …) finishes
 * before the next frame of the same connection is looked at.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type WebSocket from 'ws';
import { closeCodeFor, connectedFrame, connectToken, errorFrame } from './connect.js';
import { StompProtocolError } from './errors.js';
import { frame, headerMap, headerValue, type Frame, type HeaderMap, type StompVersion } from './frame.js';
import type { AuthResult, PrincipalLike, Session, StompHooks, StompLogger, SubscribeRefusal, Subscription } from './hooks.js';
import type { FrameLimits, HeartBeatOptions, SessionLimits } from './limits.js';
import { parseJsonBody, PreparedBody } from './message-body.js';
import { negotiateHeartBeat, negotiateVersion } from './negotiate.js';
import { FrameParser } from './parser.js';
import { serializeFrame, serializeMessage } from './serializer.js';
import { SubscriptionSet } from './subscriptions.js';
import { TokenBucket } from './token-bucket.js';
import { CloseCode, Transport } from './transport.js';

export interface SessionConfig<P extends PrincipalLike, E> {
  readonly hooks: StompHooks<P, E>;
  readonly frameLimits: FrameLimits;
  readonly sessionLimits: SessionLimits;
  readonly heartBeat: HeartBeatOptions;
  readonly serverName: string;
  readonly logger: StompLogger;
  /** Called once CONNECTED was sent, and once when a connected session has closed. */
  readonly onConnected: (session: StompSession<P, E>) => void;
  readonly onClosed: (session: StompSession<P, E>) => void;
}

type State = 'awaiting-connect' | 'authenticating' | 'connected' | 'closing' | 'closed';
const AUTH_FAILED = '인증 처리 중 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.';

export class StompSession<P extends PrincipalLike, E> implements Session<P, E> {
  readonly id = randomBytes(9).toString('base64url');
  version: StompVersion = '1.2';
  connectHeaders: HeaderMap = {};
  private auth: P | undefined;
  private state: State = 'awaiting-connect';
  private graceful = false;
  private busy = false;
  private messageSeq = 0;
  private readonly parser: FrameParser;
  private readonly subs: SubscriptionSet;
  private readonly transport: Transport;
  private readonly rate: TokenBucket;
  private readonly tolerance: TokenBucket;
  private readonly hooks: StompHooks<P, E>;

  constructor(
    ws: WebSocket,
    readonly request: IncomingMessage,
    readonly endpoint: E,
    private readonly config: SessionConfig<P, E>,
  ) {
    const limits = config.sessionLimits;
    this.hooks = config.hooks;
    this.parser = new FrameParser(config.frameLimits);
    this.subs = new SubscriptionSet((error) => this.logHookError('subscription end', error));
    this.transport = new Transport(ws, limits.maxBufferedBytes, () => this.terminate('slow consumer'));
    this.rate = new TokenBucket(limits.ratePerSecond, limits.rateBurst, Date.now());
    this.tolerance = new TokenBucket(limits.maxDroppedFrames / 10, limits.maxDroppedFrames, Date.now());
    ws.on('message', (data) => this.receive(data));
    ws.on('close', () => this.finish());
    ws.on('error', (error) => this.config.logger.debug?.({ err: error, session: this.id }, 'stomp socket error'));
    this.transport.after(limits.connectTimeoutMs, () => {
      if (this.state === 'awaiting-connect') this.protocolError(new StompProtocolError('CONNECT_TIMEOUT'));
    });
  }

  get principal(): P {
    if (this.auth === undefined) throw new Error('STOMP session is not authenticated yet');
    return this.auth;
  }

  get closed(): boolean {
    return this.state === 'closing' || this.state === 'closed';
  }

  get subscriptions(): ReadonlyMap<string, Subscription> {
    return this.subs.byId;
  }

  send(subscriptionId: string, body: unknown): boolean {
    return this.sendPrepared(subscriptionId, body instanceof PreparedBody ? body : PreparedBody.json(body));
  }

  sendPrepared(subscriptionId: string, body: PreparedBody): boolean {
    const sub = this.subs.byId.get(subscriptionId);
    if (!sub || this.state !== 'connected') return false;
    const headers: [string, string][] = [
      ['subscription', sub.id],
      ['message-id', `${this.id}-${++this.messageSeq}`],
      ['destination', sub.destination],
      ['content-type', 'application/json;charset=utf-8'],
    ];
    return this.transport.write(serializeMessage(headers, body.bytes, this.version));
  }

  sendToDestination(destination: string, body: unknown): number {
    const prepared = PreparedBody.json(body);
    let sent = 0;
    for (const sub of this.subs.byId.values()) if (sub.destination === destination && this.sendPrepared(sub.id, prepared)) sent++;
    return sent;
  }

  close(reason = '', code: number = CloseCode.normal): void {
    if (this.closed) return;
    this.state = 'closing';
    this.transport.close(code, reason);
  }

  private receive(data: WebSocket.RawData): void {
    if (this.closed) return;
    this.transport.received();
    try {
      if (Array.isArray(data)) for (const chunk of data) this.parser.push(chunk);
      else this.parser.push(data instanceof ArrayBuffer ? new Uint8Array(data) : data);
    } catch (error) {
      this.fail(error);
      return;
    }
    this.pump();
  }

  /** Handles buffered frames in order; pauses while a frame's async work runs. */
  private pump(): void {
    while (!this.busy && !this.closed) {
      let next: Frame | null;
      try {
        next = this.parser.next();
        if (!next) return;
      } catch (error) {
        this.fail(error);
        return;
      }
      this.busy = true;
      this.dispatch(next).then(
        () => {
          this.busy = false;
          this.pump();
        },
        (error: unknown) => {
          this.busy = false;
          this.fail(error, headerValue(next, 'receipt'));
        },
      );
    }
  }

  private async dispatch(f: Frame): Promise<void> {
    if (this.state === 'awaiting-connect') {
      if (f.command !== 'CONNECT' && f.command !== 'STOMP') throw new StompProtocolError('NOT_CONNECTED', f.command);
      return this.connect(f);
    }
    if (f.command === 'DISCONNECT') return this.disconnect(f);
    if (f.command === 'CONNECT' || f.command === 'STOMP') throw new StompProtocolError('ALREADY_CONNECTED');
    const now = Date.now();
    if (!this.rate.take(now)) {
      if (!this.tolerance.take(now)) throw new StompProtocolError('RATE_LIMITED');
      return; // dropped: over the rate, still within the tolerated burst of drops
    }
    switch (f.command) {
      case 'SUBSCRIBE':
        return this.subscribe(f);
      case 'UNSUBSCRIBE':
        return this.unsubscribe(f);
      case 'SEND':
        return this.handleSend(f);
      case 'ACK':
      case 'NACK':
        return this.receipt(f); // subscriptions are ack:auto; nothing to settle
      default:
        throw new StompProtocolError('UNKNOWN_COMMAND', f.command);
    }
  }

  private async connect(f: Frame): Promise<void> {
    const version = negotiateVersion(headerValue(f, 'accept-version'));
    if (version === null) throw new StompProtocolError('UNSUPPORTED_VERSION');
    this.state = 'authenticating';
    this.connectHeaders = headerMap(f);
    const request = { headers: this.connectHeaders, token: connectToken(f), endpoint: this.endpoint, request: this.request };
    let result: AuthResult<P>;
    try {
      result = await this.hooks.authenticate(request);
    } catch (error) {
      this.logHookError('authenticate', error);
      result = { ok: false, message: AUTH_FAILED };
    }
    if (this.closed) return;
    if (!result.ok) throw new StompProtocolError('UNAUTHENTICATED', undefined, result.message);
    this.auth = result.principal;
    this.version = this.parser.version = version;
    const heartBeat = negotiateHeartBeat(headerValue(f, 'heart-beat'), this.config.heartBeat, version);
    this.transport.write(serializeFrame(connectedFrame(version, heartBeat, this.id, this.config.serverName), version));
    this.state = 'connected';
    this.config.onConnected(this);
    this.transport.startHeartBeat(heartBeat, this.config.heartBeat.graceMs, () => this.terminate('heart-beat timeout'));
    await this.callHook('onConnect', () => this.hooks.onConnect?.(this));
  }

  private async subscribe(f: Frame): Promise<void> {
    const destination = required(f, 'destination');
    const id = this.version === '1.0' ? (headerValue(f, 'id') ?? destination) : required(f, 'id');
    if (this.subs.has(id)) throw new StompProtocolError('DUPLICATE_SUBSCRIPTION', id);
    if (this.subs.size >= this.config.sessionLimits.maxSubscriptions) throw new StompProtocolError('TOO_MANY_SUBSCRIPTIONS');
    const sub = this.subs.add(id, destination, headerMap(f));
    const decision = await this.callHook('onSubscribe', () => this.hooks.onSubscribe?.(this, sub));
    if (isRefusal(decision)) {
      if (decision.body !== undefined) this.send(id, decision.body);
      this.subs.remove(id);
    }
    this.receipt(f);
  }

  private async unsubscribe(f: Frame): Promise<void> {
    const id = this.version === '1.0' ? (headerValue(f, 'id') ?? required(f, 'destination')) : required(f, 'id');
    const sub = this.subs.remove(id);
    if (sub) await this.callHook('onUnsubscribe', () => this.hooks.onUnsubscribe?.(this, sub));
    this.receipt(f);
  }

  private async handleSend(f: Frame): Promise<void> {
    const destination = required(f, 'destination');
    await this.callHook('onSend', () => this.hooks.onSend?.(this, destination, parseJsonBody(f), headerMap(f)));
    this.receipt(f);
  }

  private async disconnect(f: Frame): Promise<void> {
    this.graceful = true;
    this.receipt(f);
    this.close('', CloseCode.normal);
  }

  private receipt(f: Frame): void {
    const receipt = headerValue(f, 'receipt');
    if (receipt !== undefined) this.transport.write(serializeFrame(frame('RECEIPT', [['receipt-id', receipt]]), this.version));
  }

  private fail(error: unknown, receipt?: string): void {
    if (error instanceof StompProtocolError) return this.protocolError(error, receipt);
    this.config.logger.error({ err: error, session: this.id }, 'stomp session failed');
    this.close('서버 오류가 발생했습니다.', 1011);
  }

  /** ERROR frame, then close: only for protocol violations, never for business refusals. */
  private protocolError(error: StompProtocolError, receipt?: string): void {
    if (this.closed) return;
    this.config.logger.debug?.({ session: this.id, code: error.code, detail: error.message }, 'stomp protocol error');
    this.transport.write(serializeFrame(errorFrame(error, receipt), this.version));
    this.close('', closeCodeFor(error));
  }

  private terminate(why: string): void {
    this.config.logger.debug?.({ session: this.id, why }, 'stomp session terminated');
    this.state = 'closing';
    this.transport.terminate();
  }

  private finish(): void {
    if (this.state === 'closed') return;
    const wasConnected = this.auth !== undefined;
    this.state = 'closed';
    this.transport.stop();
    this.subs.clear();
    if (!wasConnected) return;
    try {
      this.hooks.onDisconnect?.(this, { graceful: this.graceful });
    } catch (error) {
      this.logHookError('onDisconnect', error);
    }
    this.config.onClosed(this);
  }

  private async callHook<T>(name: string, run: () => T | Promise<T>): Promise<T | undefined> {
    try {
      return await run();
    } catch (error) {
      this.logHookError(name, error);
      return undefined;
    }
  }

  private logHookError(hook: string, error: unknown): void {
    this.config.logger.error({ err: error, session: this.id, hook }, 'stomp hook failed');
  }
}

function isRefusal(decision: unknown): decision is SubscribeRefusal {
  return typeof decision === 'object' && decision !== null && (decision as SubscribeRefusal).refuse === true;
}

function required(f: Frame, name: string): string {
  const value = headerValue(f, name);
  if (value === undefined || value === '') throw new StompProtocolError('MISSING_HEADER', name, `필수 헤더(${name})가 없습니다.`);
  return value;
}
