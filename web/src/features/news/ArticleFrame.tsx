import { useEffect, useReducer, useRef, useState } from 'react';
import { publisherLabel } from '../../lib/news-item';
import { buttonClass } from '../../ui/Button';
import { NewsImage } from '../../ui/NewsImage';
import { Skeleton } from '../../ui/Skeleton';
import {
  canEmbed,
  FRAME_SKELETON_MS,
  FRAME_TIMEOUT_MS,
  initialFrameState,
  nextFrameState,
  readFrame,
} from './article-frame';
import { ExternalIcon } from './news-icons';
import type { NewsDetail } from './news-api';
import { cx } from '../../ui/cx';

const MIN_HEIGHT = 480;

/** The article itself: our own article pages in a frame (under a 2 s skeleton), anything else as a card with a link. */
export function ArticleFrame({ news }: { news: NewsDetail }) {
  const [state, dispatch] = useReducer(nextFrameState, canEmbed(news.link, window.location.origin), initialFrameState);
  const [height, setHeight] = useState<number | null>(null);
  const frame = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    const skeleton = setTimeout(() => dispatch('skeleton-done'), FRAME_SKELETON_MS);
    const timeout = setTimeout(() => dispatch('timeout'), FRAME_TIMEOUT_MS);
    return () => {
      clearTimeout(skeleton);
      clearTimeout(timeout);
    };
  }, []);

  // Fit the frame to its page so the article reads as part of this one, without a second scrollbar.
  useEffect(() => {
    if (state.phase !== 'shown') return;
    const measure = () => {
      const read = frame.current && readFrame(frame.current);
      if (read) setHeight(read.height);
    };
    measure();
    window.addEventListener('resize', measure);
    return () => {
      window.removeEventListener('resize', measure);
    };
  }, [state.phase]);

  const onLoad = () => {
    const read = frame.current && readFrame(frame.current);
    if (!read) {
      dispatch('blocked');
      return;
    }
    setHeight(read.height);
    dispatch('loaded');
  };

  if (state.phase === 'failed') return <ArticleFallback news={news} />;
  const waiting = state.phase === 'waiting';
  return (
    <div className="relative overflow-hidden rounded-card border border-line bg-paper" aria-busy={waiting || undefined}>
      <iframe
        ref={frame}
        src={news.link}
        title={`기사 본문: ${news.title}`}
        onLoad={onLoad}
        referrerPolicy="no-referrer"
        style={{ height: Math.max(height ?? 0, MIN_HEIGHT) }}
        className={waiting ? 'invisible block w-full' : 'block w-full'}
      />
      {waiting && <FrameSkeleton />}
    </div>
  );
}

function FrameSkeleton() {
  return (
    <div role="status" className="absolute inset-0 flex flex-col gap-4 bg-paper p-6 sm:p-10">
      <span className="sr-only">기사를 불러오는 중입니다</span>
      <Skeleton className="h-5 w-28" />
      <Skeleton className="h-8 w-11/12" />
      <Skeleton className="h-8 w-3/5" />
      <Skeleton className="aspect-[40/21] w-full rounded-lg" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-4/5" />
    </div>
  );
}

/** Shown when the article cannot be framed: what we know of it and a link that opens the original in a new tab. */
function ArticleFallback({ news }: { news: NewsDetail }) {
  return (
    <section
      aria-labelledby="article-fallback-title"
      className={cx(
        'overflow-hidden rounded-card border border-line bg-paper',
        'sm:grid sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]',
      )}
    >
      <NewsImage src={news.imageUrl} className="w-full sm:self-center" />
      <div className="flex flex-col gap-4 p-5 sm:p-8">
        <h2 id="article-fallback-title" className="text-lg font-bold">
          기사를 이 화면에서 바로 볼 수 없어요
        </h2>
        {news.lead && <p className="text-ink-muted">{news.lead}</p>}
        <p className="text-sm text-ink-subtle">
          {news.publisher ? `${publisherLabel(news.publisher)} 사이트에서` : '원문 사이트에서'} 전체 기사를 읽을 수
          있습니다.
        </p>
        <a
          href={news.link}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass('primary', 'md', 'self-start')}
        >
          원문 보기
          <ExternalIcon size={18} />
          <span className="sr-only">(새 창)</span>
        </a>
      </div>
    </section>
  );
}
