import { Button, ButtonLink } from './Button';
import { EmptyState } from './EmptyState';
import { AlertIcon } from './icons';

/** A whole screen that could not be shown: why, a way to try again, and a place to go instead. */
export function FailedScreen({
  text,
  onRetry,
  retryLabel = '다시 시도',
  away,
}: {
  text: string;
  onRetry: () => void;
  retryLabel?: string;
  away: { readonly href: string; readonly label: string };
}) {
  return (
    <main id="main" className="page-width flex flex-1 flex-col justify-center py-12">
      <EmptyState
        icon={<AlertIcon />}
        text={text}
        action={
          <div className="flex flex-wrap justify-center gap-2">
            <Button variant="secondary" onClick={onRetry}>
              {retryLabel}
            </Button>
            <ButtonLink href={away.href} variant="ghost">
              {away.label}
            </ButtonLink>
          </div>
        }
      />
    </main>
  );
}
