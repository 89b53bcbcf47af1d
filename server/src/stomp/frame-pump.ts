/**
 * Feeds WebSocket messages into the parser and hands frames to the session strictly one at a
 * time: while a frame's (possibly async) handling runs, later frames wait in the parser.
 */
import type WebSocket from 'ws';
import type { Frame } from './frame.js';
import type { FrameParser } from './parser.js';

export interface PumpTarget {
  /** True once the session is closing; nothing more is read. */
  readonly stopped: boolean;
  handle(frame: Frame): Promise<void>;
  /** A parse error (no frame) or a failure while handling `frame`. */
  fail(error: unknown, frame?: Frame): void;
}

export class FramePump {
  private busy = false;

  constructor(
    private readonly parser: FrameParser,
    private readonly target: PumpTarget,
  ) {}

  /** Accepts one WebSocket message (text, binary or fragmented) and handles what became complete. */
  receive(data: WebSocket.RawData): void {
    try {
      if (Array.isArray(data)) for (const chunk of data) this.parser.push(chunk);
      else this.parser.push(data instanceof ArrayBuffer ? new Uint8Array(data) : data);
    } catch (error) {
      this.target.fail(error);
      return;
    }
    this.run();
  }

  private run(): void {
    while (!this.busy && !this.target.stopped) {
      let next: Frame | null;
      try {
        next = this.parser.next();
      } catch (error) {
        this.target.fail(error);
        return;
      }
      if (!next) return;
      const current = next;
      this.busy = true;
      this.target.handle(current).then(
        () => {
          this.busy = false;
          this.run();
        },
        (error: unknown) => {
          this.busy = false;
          this.target.fail(error, current);
        },
      );
    }
  }
}
