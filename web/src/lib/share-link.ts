import { showToast } from '../ui/toast';

/** What a share button shares: a page of this app, its title and a line to go with it. */
export interface ShareTarget {
  /** A path of this app (`/archived-room/…`); shared as an absolute link. */
  readonly path: string;
  readonly title: string;
  readonly text: string;
}

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

// Phones (a finger, no hover) get the system's share sheet; elsewhere the link is copied, which is
// what people do with a link on a computer.
const PHONE = '(pointer: coarse) and (hover: none)';

/** The absolute link of a page of this app. */
const shareUrl = (path: string): string => new URL(path, window.location.origin).href;

const sheetAvailable = (data: ShareData): boolean =>
  typeof navigator.share === 'function' &&
  window.matchMedia(PHONE).matches &&
  (typeof navigator.canShare !== 'function' || navigator.canShare(data));

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard permission, or no Clipboard API at all (a plain-http address): the older way.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.readOnly = true;
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/**
 * Shares a page: the share sheet on a phone (closing it is no failure), otherwise the link
 * copied to the clipboard; a toast says which happened, or how to copy by hand.
 */
export async function shareLink(target: ShareTarget): Promise<ShareOutcome> {
  const url = shareUrl(target.path);
  const data: ShareData = { title: target.title, text: target.text, url };
  if (sheetAvailable(data)) {
    try {
      await navigator.share(data);
      showToast('링크를 공유했어요', 'success');
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      // Refused by the browser (a policy, another share still open): copying still helps.
    }
  }
  if (await copyText(url)) {
    showToast('링크를 복사했어요', 'success');
    return 'copied';
  }
  showToast('링크를 복사하지 못했어요. 주소창의 주소를 직접 복사해 주세요.', 'error');
  return 'failed';
}
