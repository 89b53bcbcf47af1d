import { ButtonLink } from './Button';
import { CompassIcon } from './icons';

/** A calm stand-in for a screen another part of the product will fill. */
export function ComingSoon({ title, description }: { title: string; description?: string }) {
  return (
    <main
      id="main"
      className="page-width flex min-h-[60vh] flex-col items-center justify-center gap-5 py-20 text-center"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-brand-soft text-brand">
        <CompassIcon size={28} />
      </span>
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
        <p className="text-ink-muted">준비 중인 화면입니다</p>
        {description && <p className="max-w-md text-sm text-ink-subtle">{description}</p>}
      </div>
      <ButtonLink href="/main" variant="secondary">
        홈으로 돌아가기
      </ButtonLink>
    </main>
  );
}
