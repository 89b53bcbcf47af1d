/**
 * When the news detail shows the article in a frame and when it falls back to a card with a link.
 * The frame stays under a skeleton for at least 2 s (docs/product-rules.md#news); a page that never finishes
 * loading, a frame the site refused, or a link on another site (which usually forbids framing,
 * and whose refusal cannot be seen from here) gets the fallback card.
 */
export const FRAME_SKELETON_MS = 2000;
export const FRAME_TIMEOUT_MS = 10_000;

type FramePhase = 'waiting' | 'shown' | 'failed';

export interface FrameState {
  phase: FramePhase;
  loaded: boolean;
  skeletonDone: boolean;
}

export type FrameEvent = 'loaded' | 'blocked' | 'skeleton-done' | 'timeout';

/** Whether `link` may be shown in a frame here: only pages of our own origin. */
export function canEmbed(link: string, pageOrigin: string): boolean {
  try {
    const url = new URL(link, pageOrigin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === pageOrigin;
  } catch {
    return false;
  }
}

export const initialFrameState = (embeddable: boolean): FrameState => ({
  phase: embeddable ? 'waiting' : 'failed',
  loaded: false,
  skeletonDone: false,
});

export function nextFrameState(state: FrameState, event: FrameEvent): FrameState {
  if (state.phase === 'failed') return state;
  switch (event) {
    case 'blocked':
      return { ...state, phase: 'failed' };
    case 'timeout':
      return state.loaded ? state : { ...state, phase: 'failed' };
    case 'loaded':
      return { ...state, loaded: true, phase: state.skeletonDone ? 'shown' : state.phase };
    case 'skeleton-done':
      return { ...state, skeletonDone: true, phase: state.loaded ? 'shown' : state.phase };
  }
}

/**
 * Checks a same-origin frame after its load event: a refused or failed page leaves a document
 * we cannot read (the browser's error page), an empty one or an error answer that is not a page. Returns the content
 * height, or null.
 */
export function readFrame(frame: HTMLIFrameElement): { height: number } | null {
  try {
    const doc = frame.contentDocument;
    if (
      !doc ||
      doc.URL === 'about:blank' ||
      doc.contentType !== 'text/html' ||
      !doc.body ||
      doc.body.childElementCount === 0
    )
      return null;
    return { height: Math.max(doc.documentElement.scrollHeight, doc.body.scrollHeight) };
  } catch {
    return null;
  }
}
