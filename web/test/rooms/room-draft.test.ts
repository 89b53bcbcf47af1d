import { describe, expect, it } from 'vitest';
import { newsIdOf } from '../../src/features/debate-zone/NewDebatePage';
import {
  CATEGORY_OPTIONS,
  cutTo,
  doneCount,
  emptyDraft,
  isComplete,
  isStepDone,
  STEPS,
  toPayload,
  totalSeconds,
  type RoomDraft,
} from '../../src/features/debate-zone/create/room-draft';

const full: RoomDraft = {
  title: ' 기본소득 ',
  description: '찬반 토론',
  continent: 'KR',
  category: 'EC',
  memberNumber: 'T2',
  stance: 'CON',
  hasVote: 'no',
  time: 'T4',
  speakCount: 'FOUR',
};

describe('room creation draft', () => {
  it('has the nine steps in order, each done once filled (blank text is not)', () => {
    expect(STEPS.map((s) => s.label)).toEqual([
      '주제',
      '설명',
      '대륙',
      '카테고리',
      '인원',
      '입장',
      '승패 결정',
      '발언 시간',
      '발언 횟수',
    ]);
    const draft = emptyDraft();
    // The default settings are chosen from the start: 30 s per turn, 3 turns each.
    expect([draft.time, draft.speakCount]).toEqual(['T3', 'THREE']);
    expect(doneCount(draft)).toBe(2);
    expect(isStepDone({ ...draft, title: '   ' }, 'title')).toBe(false);
    expect(isStepDone({ ...draft, title: 'a' }, 'title')).toBe(true);
  });

  it('from a news item: its title cut to 30 characters, its continent and its category', () => {
    const title = '정부, 기본소득 시범사업 전국 확대 발표… 내년부터 만 19~24세 청년에게 지급';
    const draft = emptyDraft({ title, continent: 'JP', category: 'EC' });
    expect(draft.title).toBe(title.slice(0, 30).trimEnd());
    expect(draft.title.length).toBeLessThanOrEqual(30);
    expect([draft.continent, draft.category]).toEqual(['JP', 'EC']);
    expect(doneCount(draft)).toBe(5);
    // A category the server did not send stays for the creator to choose.
    expect(emptyDraft({ title: '짧은 제목', continent: 'KR', category: null }).category).toBeNull();
    // Characters as the server counts them (an emoji is one), never half of one.
    expect(cutTo(`${'가'.repeat(29)}😀`, 30)).toBe(`${'가'.repeat(29)}😀`);
    expect(cutTo(`${'가'.repeat(29)}😀😀`, 30)).toBe(`${'가'.repeat(29)}😀`);
    expect(cutTo('  앞뒤 공백  ', 30)).toBe('앞뒤 공백');
  });

  it('is complete only with all nine; each missing one blocks creation', () => {
    expect(isComplete(full)).toBe(true);
    for (const step of STEPS) {
      const missing = {
        ...full,
        [step.key]: typeof full[step.key] === 'string' && ['title', 'description'].includes(step.key) ? '' : null,
      };
      expect(isComplete(missing)).toBe(false);
      expect(toPayload(missing, null)).toBeNull();
    }
  });

  it('totals time × speak count × 2', () => {
    expect(totalSeconds(full)).toBe(320);
    expect(totalSeconds({ time: 'T15', speakCount: 'TEN' })).toBe(3000);
    expect(totalSeconds({ time: 'T3', speakCount: null })).toBeNull();
  });

  it('builds the D1 payload with wire codes; from a news item with its id and /news/{id}', () => {
    expect(toPayload(full, null)).toEqual({
      title: '기본소득',
      description: '찬반 토론',
      memberNumber: 'T2',
      category: 'EC',
      time: 'T4',
      continent: 'KR',
      speakCount: 'FOUR',
      resultEnabled: false,
    });
    expect(
      toPayload({ ...full, hasVote: 'yes' }, { id: 12, title: '뉴스', continent: 'KR', category: 'EC' }),
    ).toMatchObject({
      resultEnabled: true,
      newsId: 12,
      newsUrl: '/news/12',
    });
  });

  it('offers every category, 기타 last, and reads ?id= only as a positive number', () => {
    expect(CATEGORY_OPTIONS.map((o) => o.label)).toEqual([
      '정치',
      '경제',
      '사회',
      '문화',
      '연예',
      'IT',
      '스포츠',
      '칼럼',
      '기타',
    ]);
    expect(newsIdOf('?id=7')).toBe(7);
    expect(newsIdOf('')).toBeNull();
    expect(newsIdOf('?id=0')).toBeNull();
    expect(newsIdOf('?id=abc')).toBeNull();
  });
});
