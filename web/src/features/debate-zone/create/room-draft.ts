import {
  CATEGORY_LABELS,
  cutText,
  MAX_TITLE_LENGTH,
  SPEAK_COUNT_CODES,
  speakingSeconds,
  TIME_CODES,
  type Category,
  type Continent,
  type Format,
  type SpeakCountCode,
  type TimeCode,
} from '@toron/engine';

/** The creator's side; the server never receives it (D1), the debate room reads it from navigation state. */
export type Stance = 'PRO' | 'CON';
export type ResultChoice = 'yes' | 'no';

/**
 * The room settings under creation (docs/product-rules.md#rooms): a step is done once its value is filled. Speaking
 * time and count are kept as their wire codes.
 */
export interface RoomDraft {
  title: string;
  description: string;
  continent: Continent | null;
  category: Category | null;
  memberNumber: Format | null;
  stance: Stance | null;
  hasVote: ResultChoice | null;
  time: TimeCode | null;
  speakCount: SpeakCountCode | null;
}

/** The default settings (docs/product-rules.md#rooms): 30 s per turn, 3 turns each. */
const DEFAULT_TIME: TimeCode = 'T3';
const DEFAULT_SPEAK_COUNT: SpeakCountCode = 'THREE';

/** Text trimmed and cut to at most `max` characters (docs/product-rules.md#text-length), never half of one. */
export const cutTo = (text: string, max: number): string => cutText(text.trim(), max).trimEnd();

/**
 * A fresh draft: the default speaking time and count are chosen; opened from a news item,
 * its title (cut to the 30-character limit), continent and category are filled in too.
 */
export const emptyDraft = (news: Pick<NewsLink, 'title' | 'continent' | 'category'> | null = null): RoomDraft => ({
  title: news ? cutTo(news.title, MAX_TITLE_LENGTH) : '',
  description: '',
  continent: news?.continent ?? null,
  category: news?.category ?? null,
  memberNumber: null,
  stance: null,
  hasVote: null,
  time: DEFAULT_TIME,
  speakCount: DEFAULT_SPEAK_COUNT,
});

export type StepKey = keyof RoomDraft;

/** The nine steps of the progress strip, in order, with their Korean names. */
export const STEPS: ReadonlyArray<{ key: StepKey; label: string }> = [
  { key: 'title', label: '주제' },
  { key: 'description', label: '설명' },
  { key: 'continent', label: '대륙' },
  { key: 'category', label: '카테고리' },
  { key: 'memberNumber', label: '인원' },
  { key: 'stance', label: '입장' },
  { key: 'hasVote', label: '승패 결정' },
  { key: 'time', label: '발언 시간' },
  { key: 'speakCount', label: '발언 횟수' },
];

/** A text step counts once it holds more than blanks (the server trims and refuses empty text). */
export function isStepDone(draft: RoomDraft, key: StepKey): boolean {
  const value = draft[key];
  return typeof value === 'string' ? value.trim() !== '' : value !== null;
}

export const doneCount = (draft: RoomDraft): number => STEPS.filter((s) => isStepDone(draft, s.key)).length;

/** 생성 is enabled only when all nine steps are done. */
export const isComplete = (draft: RoomDraft): boolean => doneCount(draft) === STEPS.length;

/** Total speaking time in seconds (time × speakCount × 2), or null until both are chosen. */
export function totalSeconds(draft: Pick<RoomDraft, 'time' | 'speakCount'>): number | null {
  if (!draft.time || !draft.speakCount) return null;
  return speakingSeconds(TIME_CODES[draft.time], SPEAK_COUNT_CODES[draft.speakCount]);
}

/** The linked news item a room is opened from. */
export interface NewsLink {
  id: number;
  title: string;
  continent: Continent;
  /** null when the server did not say. */
  category: Category | null;
}

/** The D1 body: wire codes; newsId and newsUrl (`/news/{id}`) only when opened from a news item. */
export interface CreateRoomPayload {
  title: string;
  description: string;
  memberNumber: Format;
  category: Category;
  time: TimeCode;
  continent: Continent;
  speakCount: SpeakCountCode;
  resultEnabled: boolean;
  newsId?: number;
  newsUrl?: string;
}

/** The payload of a complete draft, or null while a step is missing. */
export function toPayload(draft: RoomDraft, news: NewsLink | null): CreateRoomPayload | null {
  const { continent, category, memberNumber, hasVote, time, speakCount } = draft;
  if (!isComplete(draft) || !continent || !category || !memberNumber || !hasVote || !time || !speakCount) return null;
  return {
    title: draft.title.trim(),
    description: draft.description.trim(),
    memberNumber,
    category,
    time,
    continent: news?.continent ?? continent,
    speakCount,
    resultEnabled: hasVote === 'yes',
    ...(news ? { newsId: news.id, newsUrl: `/news/${news.id}` } : {}),
  };
}

const entries = <K extends string>(table: Readonly<Record<K, string>>) =>
  (Object.keys(table) as K[]).map((value) => ({ value, label: table[value] }));

/** Picker options; the continents and categories are the engine's, in the order every list shows them (기타 last). */
export { CONTINENT_OPTIONS } from '@toron/engine';
export const CATEGORY_OPTIONS = entries(CATEGORY_LABELS);
export const MEMBER_OPTIONS: ReadonlyArray<{ value: Format; label: string }> = [
  { value: 'T1', label: '1:1' },
  { value: 'T2', label: '3:3' },
];
export const STANCE_OPTIONS: ReadonlyArray<{ value: Stance; label: string }> = [
  { value: 'PRO', label: '찬성' },
  { value: 'CON', label: '반대' },
];
export const RESULT_OPTIONS: ReadonlyArray<{ value: ResultChoice; label: string }> = [
  { value: 'yes', label: '승패 결정' },
  { value: 'no', label: '승패 없음' },
];
export const TIME_OPTIONS = (Object.keys(TIME_CODES) as TimeCode[]).map((value) => ({
  value,
  label: `${TIME_CODES[value]}초`,
}));
export const SPEAK_COUNT_OPTIONS = (Object.keys(SPEAK_COUNT_CODES) as SpeakCountCode[]).map((value) => ({
  value,
  label: `${SPEAK_COUNT_CODES[value]}회`,
}));
