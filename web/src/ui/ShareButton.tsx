import { useState } from 'react';
import { shareLink, type ShareTarget } from '../lib/share-link';
import { cx } from './cx';
import { ShareIcon } from './icons';
import { waitingButton } from './waiting-button';

export type ShareButtonLook = 'bar' | 'dark' | 'pill' | 'outline';

const looks: Record<ShareButtonLook, string> = {
  // In a room's or page's top bar, beside 나가기.
  bar: 'rounded-lg px-3 text-ink-muted hover:bg-surface hover:text-ink',
  // In the dark waiting room.
  dark: 'rounded-lg px-3 text-white/90 hover:bg-white/10',
  // Beside the news reactions.
  pill: 'rounded-full border border-line-strong bg-paper px-4 text-ink-muted hover:text-ink',
  // Among a card's buttons.
  outline: 'rounded-lg border border-line-strong bg-paper px-4 text-ink hover:bg-surface',
};

/**
 * 공유: the page's link through the phone's share sheet, or copied elsewhere (see shareLink).
 * The word shows from 640 px up (`labelFrom="always"` shows it everywhere); the button keeps it
 * as its accessible name either way.
 */
export function ShareButton({
  target,
  look = 'bar',
  labelFrom = 'sm',
  className,
}: {
  target: ShareTarget;
  look?: ShareButtonLook;
  labelFrom?: 'sm' | 'always';
  className?: string;
}) {
  const [busy, setBusy] = useState(false);
  const share = async () => {
    setBusy(true);
    try {
      await shareLink(target);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      {...waitingButton(busy, () => void share())}
      aria-busy={busy || undefined}
      title="링크 공유"
      className={cx(
        'inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-2 text-[0.9375rem] font-semibold',
        'transition-colors duration-150 aria-disabled:cursor-wait',
        looks[look],
        className,
      )}
    >
      <ShareIcon size={18} />
      <span className={labelFrom === 'sm' ? 'max-sm:sr-only' : undefined}>공유</span>
    </button>
  );
}
