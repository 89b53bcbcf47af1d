import { durationLabel } from '@toron/engine';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { paths, routes } from '../../lib/routes';
import { continentLabels, labelOf } from '../../lib/labels';
import { useQuery, viewOf } from '../../lib/server-data';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { NewsIcon } from '../../ui/icons';
import { Skeleton } from '../../ui/Skeleton';
import { TextField } from '../../ui/TextField';
import { createRoom, creationErrorText, newsLinkQuery } from './create/create-api';
import { PickerField } from './create/PickerField';
import {
  CATEGORY_OPTIONS,
  CONTINENT_OPTIONS,
  emptyDraft,
  isComplete,
  MEMBER_OPTIONS,
  RESULT_OPTIONS,
  SPEAK_COUNT_OPTIONS,
  STANCE_OPTIONS,
  TIME_OPTIONS,
  toPayload,
  totalSeconds,
  type NewsLink,
  type RoomDraft,
} from './create/room-draft';
import { StepStrip } from './create/StepStrip';
import { cx } from '../../ui/cx';

const TEXT_MAX = 30;

/** The linked news id of `?id=`, or null when absent or not a positive whole number. */
export function newsIdOf(search: string): number | null {
  const raw = new URLSearchParams(search).get('id');
  if (raw === null || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/** Room creation (/debate-zone/new-debate, optional ?id= news id), docs/product-rules.md#rooms. */
export function NewDebatePage() {
  const newsId = newsIdOf(useSearch());
  const news = viewOf(useQuery(newsLinkQuery(newsId)));
  const link = news.status === 'ready' ? news.data : null;
  return news.status === 'loading' && newsId !== null ? (
    <CreationForm key="loading" news={null} newsLoading />
  ) : (
    <CreationForm key={link ? `news-${link.id}` : 'plain'} news={link} newsFailed={news.status === 'failed'} />
  );
}

function CreationForm({
  news,
  newsLoading = false,
  newsFailed = false,
}: {
  news: NewsLink | null;
  newsLoading?: boolean;
  newsFailed?: boolean;
}) {
  const [, navigate] = useLocation();
  const [draft, setDraft] = useState<RoomDraft>(() => emptyDraft(news));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set =
    <K extends keyof RoomDraft>(key: K) =>
    (value: RoomDraft[K]) =>
      setDraft((d) => ({ ...d, [key]: value }));
  const total = totalSeconds(draft);
  const ready = isComplete(draft) && !newsLoading;

  // A form handler nobody awaits: it shows its own outcome (navigation, or the error text).
  const openRoom = async (event: FormEvent) => {
    event.preventDefault();
    const payload = toPayload(draft, news);
    if (!payload || !draft.stance || busy) return;
    setBusy(true);
    setError(null);
    try {
      const roomId = await createRoom(payload);
      navigate(paths.debateZone(roomId), { state: { stance: draft.stance } });
    } catch (failure) {
      console.error('room creation failed', failure);
      setError(creationErrorText(failure));
      setBusy(false);
    }
  };
  const cancel = () => {
    if (window.history.length > 1) window.history.back();
    else navigate(paths.debateRooms());
  };

  return (
    <main id="main" className="page-width flex max-w-3xl flex-col gap-8 py-8 sm:py-12">
      <header className="flex flex-col gap-1">
        <p className="text-sm font-semibold text-brand">토론방 개설</p>
        <h1 className="text-2xl font-bold sm:text-3xl">{routes.newDebate.title}</h1>
        <p className="text-[0.9375rem] text-ink-muted">주제와 진행 방식을 모두 고르면 토론방을 만들 수 있어요.</p>
      </header>

      {(news || newsLoading) && <NewsBanner news={news} />}
      {newsFailed && (
        <p role="alert" className="rounded-lg bg-warning-soft px-4 py-3 text-sm text-warning">
          뉴스 정보를 불러오지 못했어요. 대륙을 직접 골라 주세요.
        </p>
      )}

      <StepStrip draft={draft} />

      <form onSubmit={(event) => void openRoom(event)} className="flex flex-col gap-8" aria-label="토론방 설정">
        <Card as="section" className="flex flex-col gap-6 p-5 sm:p-7">
          <h2 className="text-lg font-bold">주제</h2>
          <TextField
            label="토론 주제"
            value={draft.title}
            onChange={set('title')}
            maxLength={TEXT_MAX}
            placeholder="토론 주제를 입력해 주세요"
          />
          <TextField
            label="토론방 설명"
            value={draft.description}
            onChange={set('description')}
            maxLength={TEXT_MAX}
            placeholder="토론방을 짧게 소개해 주세요"
          />
          {!news && !newsLoading && (
            <PickerField
              legend="대륙"
              options={CONTINENT_OPTIONS}
              value={draft.continent}
              onChange={set('continent')}
            />
          )}
          {newsLoading && <Skeleton className="h-20 w-full" />}
          <PickerField legend="카테고리" options={CATEGORY_OPTIONS} value={draft.category} onChange={set('category')} />
        </Card>

        <Card as="section" className="flex flex-col gap-6 p-5 sm:p-7">
          <h2 className="text-lg font-bold">진행 방식</h2>
          <PickerField
            legend="참가 인원"
            options={MEMBER_OPTIONS}
            value={draft.memberNumber}
            onChange={set('memberNumber')}
          />
          <PickerField legend="나의 입장" options={STANCE_OPTIONS} value={draft.stance} onChange={set('stance')} />
          <PickerField legend="승패 결정" options={RESULT_OPTIONS} value={draft.hasVote} onChange={set('hasVote')} />
          <PickerField legend="발언 시간" options={TIME_OPTIONS} value={draft.time} onChange={set('time')} />
          <PickerField
            legend="발언 횟수"
            options={SPEAK_COUNT_OPTIONS}
            value={draft.speakCount}
            onChange={set('speakCount')}
          />
          <div className="flex flex-wrap items-baseline justify-between gap-2 rounded-lg bg-surface px-4 py-3">
            <span className="text-sm font-semibold text-ink-muted">총 토론 시간</span>
            <output aria-live="polite" className="tabular text-lg font-bold text-ink">
              {total === null ? '발언 시간과 횟수를 골라 주세요' : durationLabel(total)}
            </output>
          </div>
        </Card>

        {error && (
          <p role="alert" className="rounded-lg bg-danger-soft px-4 py-3 text-[0.9375rem] text-danger">
            {error}
          </p>
        )}

        <div
          className={cx(
            'sticky bottom-0 -mx-4 flex gap-3 border-t border-line bg-paper/95 px-4 py-3 backdrop-blur',
            'sm:static sm:mx-0 sm:justify-end sm:border-0 sm:bg-transparent sm:p-0',
          )}
        >
          <Button variant="secondary" onClick={cancel} className="flex-1 sm:flex-none sm:min-w-32">
            취소
          </Button>
          <Button type="submit" disabled={!ready} loading={busy} className="flex-1 sm:flex-none sm:min-w-32">
            생성
          </Button>
        </div>
      </form>
    </main>
  );
}

function NewsBanner({ news }: { news: NewsLink | null }) {
  return (
    <Card className="flex items-center gap-4 bg-surface p-4">
      <span
        className={cx(
          'flex size-11 shrink-0 items-center justify-center rounded-full bg-paper text-brand ring-1',
          'ring-line',
        )}
      >
        <NewsIcon />
      </span>
      <div className="flex min-w-0 flex-col gap-0.5">
        <p className="text-xs font-semibold text-ink-muted">
          이 뉴스로 토론방을 만들어요{news && ` · 대륙 ${labelOf(continentLabels, news.continent)}`}
        </p>
        {news ? (
          <Link
            href={paths.newsDetail(news.id)}
            className="truncate font-semibold text-brand underline-offset-4 hover:underline"
          >
            {news.title}
          </Link>
        ) : (
          <Skeleton className="h-5 w-56" />
        )}
      </div>
    </Card>
  );
}
