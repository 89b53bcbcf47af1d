import type { ReactNode } from 'react';
import { ChatIcon, EyeIcon, NewsIcon } from '../../ui/icons';
import { useReveal } from './use-reveal';

const PILLARS: Array<{ title: string; english: string; body: string; icon: ReactNode }> = [
  {
    title: '토론',
    english: 'Debate',
    body: '주제와 방식을 골라 토론방을 열고, 찬성 또는 반대 편에 서서 정해진 시간 동안 차례로 의견을 나눠요.',
    icon: <ChatIcon size={24} />,
  },
  {
    title: '참관',
    english: 'Observe',
    body: '진행 중인 토론을 지켜보며 다른 참관자와 실시간으로 대화하고, 마지막에는 투표로 승부를 가려요.',
    icon: <EyeIcon size={24} />,
  },
  {
    title: '연결',
    english: 'Connect',
    body: '국내외 실시간 뉴스를 읽다가 이야기하고 싶은 기사를 만나면, 그 자리에서 바로 토론방을 열 수 있어요.',
    icon: <NewsIcon size={24} />,
  },
];

export function Pillars() {
  return (
    <section id="pillars" aria-labelledby="pillars-title" className="page-width scroll-mt-20 py-20 sm:py-28">
      <div className="mb-12 flex flex-col gap-3">
        <p className="text-sm font-semibold text-brand">토론이 하는 일</p>
        <h2 id="pillars-title" className="text-2xl font-bold sm:text-3xl">
          읽고, 말하고, 지켜보는 세 가지 방법
        </h2>
      </div>
      <ol className="grid gap-6 md:grid-cols-3">
        {PILLARS.map((pillar, index) => (
          <Pillar key={pillar.english} index={index} {...pillar} />
        ))}
      </ol>
    </section>
  );
}

function Pillar({
  index,
  title,
  english,
  body,
  icon,
}: {
  index: number;
  title: string;
  english: string;
  body: string;
  icon: ReactNode;
}) {
  const ref = useReveal<HTMLLIElement>();
  return (
    <li
      ref={ref}
      style={{ animationDelay: `${index * 120}ms` }}
      className="reveal flex flex-col gap-4 rounded-card border border-line bg-paper p-6"
    >
      <div className="flex items-center justify-between">
        <span className="flex size-12 items-center justify-center rounded-xl bg-brand-soft text-brand">{icon}</span>
        <span className="tabular text-sm font-semibold text-ink-subtle">0{index + 1}</span>
      </div>
      <h3 className="flex items-baseline gap-2 text-xl font-bold">
        {title}
        <span lang="en" className="text-sm font-semibold text-ink-subtle">
          {english}
        </span>
      </h3>
      <p className="text-ink-muted">{body}</p>
    </li>
  );
}
