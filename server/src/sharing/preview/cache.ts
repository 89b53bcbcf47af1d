import { createHash } from 'node:crypto';
import type { Element } from './elements.js';
import { renderCard } from './render.js';

// Bumped when a layout changes, so every card gets a new version and messengers fetch it anew.
const LAYOUT_REVISION = 1;
// About 20–40 kB a picture: a few hundred cards cost some ten MB at most.
const MAX_PICTURES = 400;
// Renders waiting their turn: beyond these, a new one is refused rather than queued without end.
const MAX_WAITING = 16;

/** The version of a card: a digest of what it shows, 16 URL-safe characters. */
export function versionOf(card: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([LAYOUT_REVISION, card]))
    .digest('base64url')
    .slice(0, 16);
}

export interface PreviewCacheOptions {
  /** The refusal when too many renders are waiting (thrown to the asker). */
  readonly busy: () => Error;
  readonly maxPictures?: number;
  readonly maxWaiting?: number;
}

/**
 * Rendered pictures by key (a card's version: a changed card is a new key), least recently used
 * dropped first. A missing picture is rendered once however many ask at the same time, one render
 * at a time for the whole process, after `admit` agreed (the caller's rate limit; it throws to
 * refuse); with `maxWaiting` renders already waiting, a new one is refused with `busy`.
 */
export function createPreviewCache({
  busy,
  maxPictures = MAX_PICTURES,
  maxWaiting = MAX_WAITING,
}: PreviewCacheOptions) {
  const pictures = new Map<string, Promise<Buffer>>();
  let queue: Promise<unknown> = Promise.resolve();
  let waiting = 0;

  const render = (layout: () => Element): Promise<Buffer> => {
    waiting++;
    const run = queue.then(() => renderCard(layout())).finally(() => waiting--);
    queue = run.catch(() => undefined);
    return run;
  };

  return {
    async picture(key: string, layout: () => Element, admit: () => Promise<void>): Promise<Buffer> {
      const known = pictures.get(key);
      if (known) {
        pictures.delete(key);
        pictures.set(key, known);
        return known;
      }
      if (waiting >= maxWaiting) throw busy();
      // Held under its key from the start, so whoever asks meanwhile waits for this one.
      const made = admit().then(() => {
        if (waiting >= maxWaiting) throw busy();
        return render(layout);
      });
      pictures.set(key, made);
      made.catch(() => pictures.delete(key));
      if (pictures.size > maxPictures) pictures.delete(pictures.keys().next().value!);
      return made;
    },
  };
}
