/**
 * A growable byte window for the streaming parser. Appending and consuming are amortised O(1)
 * per byte, so a frame trickling in one byte per WebSocket message costs no quadratic copying.
 */
export class ByteBuffer {
  private store: Buffer = Buffer.alloc(0);
  /** Offset of the first unconsumed byte in `bytes`. */
  start = 0;
  /** Offset one past the last stored byte in `bytes`. */
  end = 0;

  /** Bytes stored but not yet consumed. */
  get length(): number {
    return this.end - this.start;
  }

  /** The backing store; valid offsets are `start`..`end`, and they move on `append`. */
  get bytes(): Buffer {
    return this.store;
  }

  /** Appends a chunk, compacting or growing the store when it runs out of room. */
  append(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    if (this.end + chunk.length > this.store.length) {
      const needed = this.length + chunk.length;
      const next =
        needed <= this.store.length ? this.store : Buffer.allocUnsafe(Math.max(needed, this.store.length * 2, 1024));
      this.store.copy(next, 0, this.start, this.end);
      this.store = next;
      this.end -= this.start;
      this.start = 0;
    }
    this.store.set(chunk, this.end);
    this.end += chunk.length;
  }

  /** Index of `byte` in `from`..`end`, or -1. */
  indexOf(byte: number, from: number): number {
    if (from >= this.end) return -1;
    return this.store.subarray(0, this.end).indexOf(byte, from);
  }

  /** Drops everything before `offset`; resets to the beginning when nothing is left. */
  consumeTo(offset: number): void {
    this.start = offset;
    if (this.start >= this.end) this.start = this.end = 0;
  }
}
