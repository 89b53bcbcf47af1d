import { describe, expect, it } from 'vitest';
import { newsIdOf } from '../../src/features/debate-zone/NewDebatePage';
import {
  CATEGORY_OPTIONS,
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
    expect(doneCount(draft)).toBe(0);
    expect(isStepDone({ ...draft, title: '   ' }, 'title')).toBe(false);
    expect(isStepDone({ ...draft, title: 'a' }, 'title')).toBe(true);
    expect(doneCount(emptyDraft('JP'))).toBe(1);
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
    expect(toPayload({ ...full, hasVote: 'yes' }, { id: 12, title: '뉴스', continent: 'KR' })).toMatchObject({
      resultEnabled: true,
      newsId: 12,
      newsUrl: '/news/12',
    });
  });

  it('offers no 기타 when creating, and reads ?id= only as a positive number', () => {
    expect(CATEGORY_OPTIONS.map((o) => o.label)).toEqual([
      '정치',
      '경제',
      '사회',
      '문화',
      '연예',
      'IT',
      '스포츠',
      '칼럼',
    ]);
    expect(newsIdOf('?id=7')).toBe(7);
    expect(newsIdOf('')).toBeNull();
    expect(newsIdOf('?id=0')).toBeNull();
    expect(newsIdOf('?id=abc')).toBeNull();
  });
});
