import { createHash } from 'node:crypto';
import type { Element } from './elements.js';
import { renderCard } from './render.js';

// Bumped when a layout changes, so every card gets a new version and messengers fetch it anew.
const LAYOUT_REVISION = 1;
// About 30–60 kB a picture: a few hundred cards cost a few tens of MB at most.
const MAX_PICTURES = 400;

/** The version of a card: a digest of what it shows, 16 URL-safe characters. */
export function versionOf(card: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([LAYOUT_REVISION, card]))
    .digest('base64url')
    .slice(0, 16);
}

/**
 * Rendered pictures by key (a card's version: a changed card is a new key), least recently used
 * dropped first. A missing picture is rendered once however many ask at the same time, one render
 * at a time for the whole process (each is tens of ms of CPU), after `admit` agreed (the caller's
 * rate limit; it throws to refuse).
 */
export function createPreviewCache(maxPictures = MAX_PICTURES) {
  const pictures = new Map<string, Promise<Buffer>>();
  let queue: Promise<unknown> = Promise.resolve();

  const render = (layout: () => Element): Promise<Buffer> => {
    const run = queue.then(() => renderCard(layout()));
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
      await admit();
      // Another request may have started it while this one was being admitted.
      const started = pictures.get(key);
      if (started) return started;
      const made = render(layout);
      pictures.set(key, made);
      made.catch(() => pictures.delete(key));
      if (pictures.size > maxPictures) pictures.delete(pictures.keys().next().value!);
      return made;
    },
  };
}
