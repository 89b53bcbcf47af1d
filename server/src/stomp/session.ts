/**
 * One STOMP connection: the protocol state machine from CONNECT to close. Frames are handled
 * strictly in order, one at a time, so an async hook (authenticate, onSubscribe …) finishes
 * before the next frame of the same connection is looked at.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type WebSocket from 'ws';
import { FramePump } from './frame-pump.js';
import { closeCodeFor, connectedFrame, connectToken, errorFrame } from './connect.js';
import { StompProtocolError } from './errors.js';
import {
  frame,
  headerMap,
  headerValue,
  requiredHeader,
  type Frame,
  type HeaderMap,
  type StompVersion,
} from './frame.js';
import {
  isSubscribeRefusal,
  type AuthResult,
  type PrincipalLike,
  type Session,
  type StompHooks,
  type StompLogger,
  type Subscription,
} from './hooks.js';
import type { ConnectionGate } from './connection-gate.js';
import type { FrameLimits, HeartBeatOptions, SessionLimits } from './limits.js';
import { messageHeadPrefix, parseJsonBody, PreparedBody } from './message-body.js';
import { negotiateHeartBeat, negotiateVersion } from './negotiate.js';
import { FrameParser } from './parser.js';
import { serializeFrame } from './serializer.js';
import { RateGuard } from './rate-guard.js';
import type { BufferedConnection, OutboundBudget } from './outbound-budget.js';
import { SubscriptionSet } from './subscriptions.js';
import { CloseCode, Transport } from './transport.js';

export interface SessionConfig<P extends PrincipalLike, E> {
  readonly hooks: StompHooks<P, E>;
  readonly frameLimits: FrameLimits;
  readonly sessionLimits: SessionLimits;
  readonly heartBeat: HeartBeatOptions;
  readonly serverName: string;
  readonly logger: StompLogger;
  /** Connections per user and per client address, shared with other endpoints. */
  readonly gate: ConnectionGate;
  /** The bytes all connections together may have waiting, shared with other endpoints. */
  readonly budget: OutboundBudget;
  /** Called once CONNECTED was sent, and once when a connected session has closed. */
  readonly onConnected: (session: StompSession<P, E>) => void;
  readonly onClosed: (session: StompSession<P, E>) => void;
}

type State = 'awaiting-connect' | 'authenticating' | 'connected' | 'closing' | 'closed';
/** What may stay queued for a client before a long output continues (a few replay chunks). */
const DRAINED_BYTES = 256 * 1024;
const AUTH_FAILED = '인증 처리 중 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.';

export class StompSession<P extends PrincipalLike, E> implements Session<P, E> {
  readonly id = randomBytes(9).toString('base64url');
  version: StompVersion = '1.2';
  connectHeaders: HeaderMap = {};
  private auth: P | undefined;
  private state: State = 'awaiting-connect';
  private graceful = false;
  /** Whether this session counts against its address, and once connected against its user. */
  private countedAddress = false;
  private countedPrincipal = false;
  private messageSeq = 0;
  private readonly parser: FrameParser;
  private readonly subs: SubscriptionSet;
  private readonly transport: Transport;
  private readonly rate: RateGuard;
  /** What the outbound budget sees of this connection. */
  private readonly outbound: BufferedConnection;
  private readonly hooks: StompHooks<P, E>;

  constructor(
    ws: WebSocket,
    readonly request: IncomingMessage,
    readonly endpoint: E,
    /** The client's address (the socket peer, or the proxy's last hop when trusted). */
    readonly address: string,
    private readonly config: SessionConfig<P, E>,
  ) {
    const limits = config.sessionLimits;
    this.hooks = config.hooks;
    this.parser = new FrameParser(config.frameLimits);
    this.subs = new SubscriptionSet((error) => this.logHookError('subscription end', error));
    const budget = config.budget;
    this.transport = new Transport(
      ws,
      request.socket,
      limits.maxBufferedBytes,
      () => this.terminate('slow consumer'),
      (delta) => budget.count(delta),
    );
    this.rate = new RateGuard(limits);
    const transport = this.transport;
    this.outbound = {
      get bufferedBytes() {
        return transport.bufferedBytes;
      },
      shed: () => this.terminate('outbound budget'),
    };
    const pump = new FramePump(this.parser, this);
    ws.on('message', (data) => {
      if (this.closed) return;
      this.transport.received();
      pump.receive(data);
    });
    ws.on('close', () => this.finish());
    ws.on('error', (error) => this.config.logger.debug?.({ err: error, session: this.id }, 'stomp socket error'));
    ws.on('pong', () => this.transport.received());
    this.transport.after(limits.connectTimeoutMs, () => {
      if (this.auth === undefined) this.protocolError(new StompProtocolError('CONNECT_TIMEOUT'));
    });
    this.countedAddress = config.gate.openFrom(address);
    if (!this.countedAddress) this.protocolError(new StompProtocolError('TOO_MANY_ADDRESS_CONNECTIONS', address));
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
    const sub = this.subs.get(subscriptionId);
    if (!sub || this.state !== 'connected') return false;
    const tail = body.tailFor(sub.destination, this.version);
    return this.transport.writeMessage(sub.headPrefix, ++this.messageSeq, tail);
  }

  drained(): Promise<void> {
    return this.transport.drained(DRAINED_BYTES);
  }

  sendToDestination(destination: string, body: unknown): number {
    const prepared = PreparedBody.json(body);
    let sent = 0;
    for (const sub of this.subs.byId.values())
      if (sub.destination === destination && this.sendPrepared(sub.id, prepared)) sent++;
    return sent;
  }

  close(reason = '', code: number = CloseCode.normal): void {
    if (this.closed) return;
    this.state = 'closing';
    this.transport.close(code, reason);
  }

  /** For the pump: stop reading once closing. */
  get stopped(): boolean {
    return this.closed;
  }

  /** Handles one frame; the pump waits for it before the next. */
  async handle(f: Frame): Promise<void> {
    if (this.state === 'awaiting-connect') {
      if (f.command !== 'CONNECT' && f.command !== 'STOMP') throw new StompProtocolError('NOT_CONNECTED', f.command);
      return this.connect(f);
    }
    if (f.command === 'DISCONNECT') return this.disconnect(f);
    if (f.command === 'CONNECT' || f.command === 'STOMP') throw new StompProtocolError('ALREADY_CONNECTED');
    if (!this.rate.admit()) return; // dropped: over the rate, within the tolerated drops
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
    const request = {
      headers: this.connectHeaders,
      token: connectToken(f),
      endpoint: this.endpoint,
      request: this.request,
    };
    let result: AuthResult<P>;
    try {
      result = await this.hooks.authenticate(request);
    } catch (error) {
      this.logHookError('authenticate', error);
      result = { ok: false, code: 'UNAUTHENTICATED', message: AUTH_FAILED };
    }
    if (this.closed) return;
    if (!result.ok) throw new StompProtocolError('UNAUTHENTICATED', undefined, result.message, result.code);
    this.countedPrincipal = this.config.gate.connect(result.principal.id);
    if (!this.countedPrincipal) throw new StompProtocolError('TOO_MANY_USER_CONNECTIONS', String(result.principal.id));
    this.auth = result.principal;
    this.version = this.parser.version = version;
    const heartBeat = negotiateHeartBeat(headerValue(f, 'heart-beat'), this.config.heartBeat, version);
    this.transport.write(serializeFrame(connectedFrame(version, heartBeat, this.id, this.config.serverName), version));
    this.state = 'connected';
    this.config.onConnected(this);
    this.config.budget.track(this.outbound);
    const { graceMs, pingMs } = this.config.heartBeat;
    this.transport.startHeartBeat(heartBeat, graceMs, pingMs, () => this.terminate('heart-beat timeout'));
    await this.callHook('onConnect', () => this.hooks.onConnect?.(this));
  }

  private async subscribe(f: Frame): Promise<void> {
    const destination = requiredHeader(f, 'destination');
    const id = this.version === '1.0' ? (headerValue(f, 'id') ?? destination) : requiredHeader(f, 'id');
    if (this.subs.has(id)) throw new StompProtocolError('DUPLICATE_SUBSCRIPTION', id);
    if (this.subs.size >= this.config.sessionLimits.maxSubscriptions)
      throw new StompProtocolError('TOO_MANY_SUBSCRIPTIONS');
    const sub = this.subs.add(id, destination, headerMap(f), messageHeadPrefix(id, this.id, this.version));
    const decision = await this.callHook('onSubscribe', () => this.hooks.onSubscribe?.(this, sub));
    if (isSubscribeRefusal(decision)) {
      if (decision.body !== undefined) this.send(id, decision.body);
      this.subs.remove(id);
    }
    this.receipt(f);
  }

  private async unsubscribe(f: Frame): Promise<void> {
    const id =
      this.version === '1.0' ? (headerValue(f, 'id') ?? requiredHeader(f, 'destination')) : requiredHeader(f, 'id');
    const sub = this.subs.remove(id);
    if (sub) await this.callHook('onUnsubscribe', () => this.hooks.onUnsubscribe?.(this, sub));
    this.receipt(f);
  }

  private async handleSend(f: Frame): Promise<void> {
    const destination = requiredHeader(f, 'destination');
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
    if (receipt !== undefined)
      this.transport.write(serializeFrame(frame('RECEIPT', [['receipt-id', receipt]]), this.version));
  }

  fail(error: unknown, f?: Frame): void {
    if (error instanceof StompProtocolError) return this.protocolError(error, f && headerValue(f, 'receipt'));
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
    this.config.budget.untrack(this.outbound);
    if (this.countedAddress) this.config.gate.closedFrom(this.address);
    if (this.countedPrincipal && this.auth !== undefined) this.config.gate.disconnected(this.auth.id);
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
