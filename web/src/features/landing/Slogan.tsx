import { ButtonLink } from '../../ui/Button';
import { useReveal } from './use-reveal';

export function Slogan({ startHref, signedIn }: { startHref: string; signedIn: boolean }) {
  const ref = useReveal<HTMLDivElement>();
  return (
    <section aria-labelledby="slogan-title" className="bg-brand text-white">
      <div ref={ref} className="reveal page-width flex flex-col items-center gap-6 py-20 text-center sm:py-24">
        <h2 id="slogan-title" lang="en" className="text-3xl font-bold sm:text-5xl">
          Sharing Thoughts Not Just Words
        </h2>
        <p className="text-lg text-white/85">말만 주고받는 곳이 아니라, 생각을 나누는 곳</p>
        <ButtonLink href={startHref} size="lg" variant="secondary" className="border-white">
          {signedIn ? '토론하러 가기' : '로그인하고 시작하기'}
        </ButtonLink>
      </div>
    </section>
  );
}
