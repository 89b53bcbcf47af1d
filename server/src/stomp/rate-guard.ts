/**
 * Per-connection message-rate limit. Frames over the rate are dropped; a client that keeps
 * going after `maxDroppedFrames` drops (refilled over ten seconds) is a flood and gets closed.
 */
import { StompProtocolError } from './errors.js';
import type { SessionLimits } from './limits.js';
import { TokenBucket } from './token-bucket.js';

export class RateGuard {
  private readonly rate: TokenBucket;
  private readonly tolerance: TokenBucket;

  constructor(limits: SessionLimits, now = Date.now()) {
    this.rate = new TokenBucket(limits.ratePerSecond, limits.rateBurst, now);
    this.tolerance = new TokenBucket(limits.maxDroppedFrames / 10, limits.maxDroppedFrames, now);
  }

  /** True if the frame may be handled, false if it is dropped; throws `RATE_LIMITED` on a flood. */
  admit(now = Date.now()): boolean {
    if (this.rate.take(now)) return true;
    if (!this.tolerance.take(now)) throw new StompProtocolError('RATE_LIMITED');
    return false;
  }
}
