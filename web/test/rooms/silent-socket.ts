/** A WebSocket that never opens: the live list stays "connecting" and nothing leaves the test. */
export class SilentSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static opened: string[] = [];
  readyState = 0;
  binaryType = 'blob';
  protocol = '';
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onmessage: (() => void) | null = null;
  constructor(readonly url: string) {
    SilentSocket.opened.push(url);
  }
  send(): void {}
  close(): void {
    this.readyState = 3;
  }
}
