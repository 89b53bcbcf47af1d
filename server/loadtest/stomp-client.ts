/**
 * A small STOMP 1.2 client over `ws` for the load test and the reliability tests: CONNECT with the
 * access token (no heart-beats), SUBSCRIBE / UNSUBSCRIBE / SEND with optional receipts, JSON
 * bodies, and the close code the server ended the socket with. Lighter than @stomp/stompjs, so
 * a thousand of them fit beside the server on a small machine.
 */
import WebSocket from 'ws';

export interface Closed {
  readonly code: number;
  readonly reason: string;
}

type Handler = (body: string) => void;

/** A WebSocket message as text: ws hands over a Buffer (an ArrayBuffer or fragments only when asked to). */
export function messageText(data: WebSocket.RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString();
  return (data instanceof ArrayBuffer ? Buffer.from(data) : data).toString();
}

interface Frame {
  readonly command: string;
  /** The header lines after the command, each ending in a line feed (read with `headerOf`). */
  readonly head: string;
  readonly body: string;
}

/** A header's value (the first one, as STOMP 1.2 says), or undefined. */
function headerOf(f: Frame, name: string): string | undefined {
  const key = `${name}:`;
  let line = 0;
  if (!f.head.startsWith(key)) {
    line = f.head.indexOf(`\n${key}`) + 1;
    if (line === 0) return undefined;
  }
  const from = line + key.length;
  const end = f.head.indexOf('\n', from);
  return f.head.slice(from, end < 0 ? undefined : end);
}

/**
 * Splits one WebSocket message into STOMP frames (heart-beat EOLs are skipped). Headers are read
 * only when asked for: a thousand clients receive every room event, and the generator must not
 * be what limits the measurement.
 */
function parseFrames(text: string): Frame[] {
  const frames: Frame[] = [];
  let start = 0;
  while (start < text.length) {
    while (text[start] === '\n' || text[start] === '\r') start++;
    if (start >= text.length) break;
    let end = text.indexOf('\0', start);
    if (end < 0) end = text.length;
    const split = text.indexOf('\n\n', start);
    const headEnd = split < 0 || split > end ? end : split;
    const commandEnd = text.indexOf('\n', start);
    const command = text.slice(start, commandEnd < 0 || commandEnd > headEnd ? headEnd : commandEnd).trim();
    const head = commandEnd < 0 || commandEnd >= headEnd ? '' : text.slice(commandEnd + 1, Math.min(headEnd + 1, end));
    frames.push({ command, head, body: headEnd === end ? '' : text.slice(headEnd + 2, end) });
    start = end + 1;
  }
  return frames;
}

const encode = (command: string, headers: Record<string, string>, body = ''): string =>
  `${command}\n${Object.entries(headers)
    .map(([k, v]) => `${k}:${v}`)
    .join('\n')}\n\n${body}\0`;

export class StompClient {
  private readonly handlers = new Map<string, Handler>();
  private readonly receipts = new Map<string, { resolve: () => void; reject: (e: Error) => void }>();
  private nextId = 0;
  /** ERROR frames received (their `message` header). */
  readonly errors: string[] = [];
  /** Resolves with the close code once the socket has closed. */
  readonly closed: Promise<Closed>;

  private constructor(private readonly ws: WebSocket) {
    this.closed = new Promise((resolve) =>
      ws.once('close', (code, reason) => {
        for (const [id, pending] of this.receipts) pending.reject(new Error(`closed (${code}) before receipt ${id}`));
        this.receipts.clear();
        resolve({ code, reason: reason.toString() });
      }),
    );
    ws.on('message', (data) => {
      for (const f of parseFrames(messageText(data))) this.dispatch(f);
    });
  }

  /** Opens `url` (ws://…/path) and CONNECTs with the token; rejects on ERROR, close or timeout. */
  static connect(
    url: string,
    token: string,
    headers: Record<string, string> = {},
    timeoutMs = 15_000,
  ): Promise<StompClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, ['v12.stomp'], { perMessageDeflate: false });
      const client = new StompClient(ws);
      const timer = setTimeout(() => {
        ws.terminate();
        reject(new Error(`CONNECT to ${url} timed out`));
      }, timeoutMs);
      const fail = (why: string) => {
        clearTimeout(timer);
        reject(new Error(why));
      };
      ws.once('error', (e) => fail(`socket error: ${e.message}`));
      ws.once('unexpected-response', (_req, res) => {
        fail(`upgrade refused: ${res.statusCode}`);
        ws.terminate();
      });
      ws.once('close', (code) => fail(`closed before CONNECTED: ${code} ${client.errors.join(' ')}`));
      ws.once('open', () =>
        ws.send(
          encode('CONNECT', {
            'accept-version': '1.2',
            host: 'localhost',
            'heart-beat': '0,0',
            Authorization: `Bearer ${token}`,
            ...headers,
          }),
        ),
      );
      client.onConnected = () => {
        clearTimeout(timer);
        ws.removeAllListeners('error');
        ws.on('error', () => {}); // the close code says what happened
        resolve(client);
      };
    });
  }

  private onConnected: () => void = () => {};

  get open(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  /** Subscribes; `onMessage` gets every parsed body. Resolves once the server has handled it (receipt). */
  subscribe(
    destination: string,
    onMessage: (body: unknown) => void,
    headers: Record<string, string> = {},
  ): Promise<string> {
    return this.subscribeText(destination, (body) => onMessage(JSON.parse(body) as unknown), headers);
  }

  /** Subscribes like `subscribe`, handing over each body as text (a reader needing a field or two skips the parse). */
  async subscribeText(destination: string, onMessage: Handler, headers: Record<string, string> = {}): Promise<string> {
    const id = `sub-${this.nextId++}`;
    this.handlers.set(id, onMessage);
    await this.withReceipt('SUBSCRIBE', { id, destination, ...headers });
    return id;
  }

  /** Ends a subscription; resolves once the server has handled it. */
  async unsubscribe(id: string): Promise<void> {
    await this.withReceipt('UNSUBSCRIBE', { id });
    this.handlers.delete(id);
  }

  /** Sends a JSON body without waiting. */
  send(destination: string, body: unknown): void {
    if (this.open)
      this.ws.send(encode('SEND', { destination, 'content-type': 'application/json' }, JSON.stringify(body)));
  }

  /** Sends a JSON body and resolves once the server has handled it (receipt). */
  sendAndWait(destination: string, body: unknown): Promise<void> {
    return this.withReceipt('SEND', { destination, 'content-type': 'application/json' }, JSON.stringify(body));
  }

  /** Graceful: DISCONNECT with a receipt, then the socket closes. */
  async disconnect(): Promise<void> {
    if (this.open) await Promise.race([this.withReceipt('DISCONNECT', {}), this.closed]);
    this.ws.close();
    await this.closed;
  }

  /** Abrupt: the socket dies without DISCONNECT. */
  terminate(): void {
    this.ws.terminate();
  }

  private withReceipt(command: string, headers: Record<string, string>, body = ''): Promise<void> {
    if (!this.open) return Promise.reject(new Error(`${command} on a closed connection`));
    const receipt = `r-${this.nextId++}`;
    return new Promise<void>((resolve, reject) => {
      this.receipts.set(receipt, { resolve, reject });
      this.ws.send(encode(command, { ...headers, receipt }, body));
    });
  }

  private dispatch(f: Frame): void {
    switch (f.command) {
      case 'CONNECTED':
        return this.onConnected();
      case 'MESSAGE': {
        const handler = this.handlers.get(headerOf(f, 'subscription') ?? '');
        if (handler) handler(f.body);
        return;
      }
      case 'RECEIPT': {
        const id = headerOf(f, 'receipt-id') ?? '';
        this.receipts.get(id)?.resolve();
        this.receipts.delete(id);
        return;
      }
      case 'ERROR':
        this.errors.push(headerOf(f, 'message') ?? f.body);
    }
  }
}
