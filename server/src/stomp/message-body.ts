/**
 * JSON bodies for MESSAGE frames, encoded once for many recipients, and the parsing of SEND bodies.
 *
 * A MESSAGE frame is `MESSAGE`, the per-subscriber headers (`subscription`, `message-id`), then
 * headers and body shared by everyone on the same destination (`destination`, `content-type`,
 * `content-length`, the body, NUL). The shared part is built once per destination and protocol
 * version and kept with the body; each recipient's frame is its own short head spliced in front.
 */
import { escapeHeader } from './escape.js';
import { bodyText, type Frame, type StompVersion } from './frame.js';

const CONTENT_TYPE = 'application/json;charset=utf-8';
const NUL = Buffer.from([0]);

/** A JSON body encoded once, to be sent to many subscribers without re-serialising. */
export class PreparedBody {
  /** Tails per protocol version, then destination (two lookups: no key string built per recipient). */
  private readonly tails = new Map<StompVersion, Map<string, Buffer>>();

  private constructor(readonly bytes: Buffer) {}

  /** Encodes `value` as UTF-8 JSON; values JSON cannot represent become `null`. */
  static json(value: unknown): PreparedBody {
    return PreparedBody.jsonText(JSON.stringify(value) ?? 'null');
  }

  /** Wraps text that already is JSON (for example a payload that came from the PubSub). */
  static jsonText(text: string): PreparedBody {
    return new PreparedBody(Buffer.from(text, 'utf8'));
  }

  /** The shared end of a MESSAGE frame on `destination` for a peer speaking `version` (built once, then kept). */
  tailFor(destination: string, version: StompVersion): Buffer {
    let byDestination = this.tails.get(version);
    if (!byDestination) this.tails.set(version, (byDestination = new Map<string, Buffer>()));
    let tail = byDestination.get(destination);
    if (!tail) {
      const head = [
        `destination:${escapeHeader(destination, version)}`,
        `content-type:${CONTENT_TYPE}`,
        `content-length:${this.bytes.byteLength}`,
        '\n',
      ].join('\n');
      tail = Buffer.concat([Buffer.from(head, 'utf8'), this.bytes, NUL]);
      byDestination.set(destination, tail);
    }
    return tail;
  }
}

/**
 * The start of every MESSAGE frame of one subscription, as UTF-8 bytes: the command, its escaped
 * `subscription` header and the `message-id` header's name and prefix (the session id). A
 * recipient's frame is these bytes, its message counter in decimal, a line end and the shared
 * tail, joined where it is written (outgoing-frames).
 */
export function messageHeadPrefix(subscriptionId: string, sessionId: string, version: StompVersion): Buffer {
  const subscription = escapeHeader(subscriptionId, version);
  return Buffer.from(`MESSAGE\nsubscription:${subscription}\nmessage-id:${escapeHeader(`${sessionId}-`, version)}`);
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
