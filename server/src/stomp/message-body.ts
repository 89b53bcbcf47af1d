/** JSON bodies for MESSAGE frames, and the parsing of SEND bodies. */
import { bodyText, type Frame } from './frame.js';

/** A JSON body encoded once, to be sent to many subscribers without re-serialising. */
export class PreparedBody {
  private constructor(readonly bytes: Buffer) {}

  /** Encodes `value` as UTF-8 JSON; values JSON cannot represent become `null`. */
  static json(value: unknown): PreparedBody {
    return new PreparedBody(Buffer.from(JSON.stringify(value) ?? 'null', 'utf8'));
  }

  /** Wraps text that already is JSON (for example a payload that came from Redis). */
  static jsonText(text: string): PreparedBody {
    return new PreparedBody(Buffer.from(text, 'utf8'));
  }
}

/** The SEND body as JSON, or undefined if it is empty or not valid JSON. */
export function parseJsonBody(f: Frame): unknown {
  if (f.body.byteLength === 0) return undefined;
  try {
    return JSON.parse(bodyText(f)) as unknown;
  } catch {
    return undefined;
  }
}
