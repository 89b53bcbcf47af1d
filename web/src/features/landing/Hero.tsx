import { ButtonLink } from '../../ui/Button';
import { SideTag } from '../../ui/SideTag';
import { ArrowRightIcon } from '../../ui/icons';
import { useReveal } from './use-reveal';

export function Hero({ startHref }: { startHref: string }) {
  const copy = useReveal<HTMLDivElement>();
  const stage = useReveal<HTMLDivElement>();
  return (
    <section aria-labelledby="hero-title" className="bg-surface">
      <div className="page-width grid items-center gap-12 py-16 sm:py-24 lg:grid-cols-[1.1fr_1fr]">
        <div ref={copy} className="reveal flex flex-col gap-6">
          <p className="text-sm font-semibold text-brand">뉴스에서 시작하는 실시간 토론</p>
          <h1 id="hero-title" className="text-[2rem] font-bold leading-tight sm:text-5xl">
            오늘의 뉴스,
            <br />
            찬성과 반대로 나눠 이야기해요
          </h1>
          <p className="max-w-xl text-lg text-ink-muted">
            지역과 주제별 뉴스를 읽고, 마음에 걸리는 이슈로 바로 토론방을 여세요. 1:1 또는 3:3으로 차례를 지켜 말하고,
            참관자의 투표로 결론을 냅니다.
          </p>
          <div className="flex flex-wrap gap-3">
            <ButtonLink href={startHref} size="lg">
              토론 시작하기 <ArrowRightIcon size={18} />
            </ButtonLink>
            <a
              href="#pillars"
              className="inline-flex min-h-12 items-center rounded-lg px-4 font-semibold text-ink-muted hover:text-ink"
            >
              어떻게 진행되나요?
            </a>
          </div>
        </div>
        <div ref={stage} className="reveal [animation-delay:150ms]" aria-hidden="true">
          <StagePreview />
        </div>
      </div>
    </section>
  );
}

/** A still picture of a live room: two sides framing the exchange. */
function StagePreview() {
  return (
    <div className="rounded-2xl border border-line bg-paper p-5 shadow-[0_24px_60px_-30px_rgba(17,24,39,0.35)]">
      <div className="flex items-center justify-between border-b border-line pb-4">
        <div>
          <p className="text-xs font-semibold text-ink-subtle">사회 · 1:1 토론</p>
          <p className="font-bold">주 4일 근무제, 도입해야 할까?</p>
        </div>
        <span className="tabular rounded-full bg-danger-soft px-3 py-1 text-xs font-bold text-danger">
          ● 진행 중 02:14
        </span>
      </div>
      <div className="flex flex-col gap-3 pt-4 text-[0.9375rem]">
        <div className="flex flex-col items-start gap-1">
          <SideTag side="PRO" />
          <p className="max-w-[85%] rounded-2xl rounded-tl-sm border-l-4 border-pro bg-pro-soft px-4 py-2.5">
            생산성이 줄지 않는다는 해외 실험 결과가 여럿 있습니다.
          </p>
        </div>
        <div className="flex flex-col items-end gap-1">
          <SideTag side="CON" />
          <p className="max-w-[85%] rounded-2xl rounded-tr-sm border-r-4 border-con bg-con-soft px-4 py-2.5">
            중소기업에는 인력 공백을 메울 여유가 없어요.
          </p>
        </div>
        <div className="mt-1 flex items-center gap-2 rounded-xl bg-surface px-4 py-2.5 text-sm text-ink-muted">
          <span className="font-semibold text-ink">참관자 128명</span> 이 함께 보고 있어요
        </div>
      </div>
    </div>
  );
}
