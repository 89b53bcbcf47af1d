import { describe, expect, it } from 'vitest';
import {
  CATEGORIES,
  CATEGORY_LABELS,
  CONTINENTS,
  CONTINENT_LABELS,
  MEMBER_NUMBER_CODES,
  memberNumberOf,
  roomSettingsSchema,
  SECONDS_PER_TURN,
  SPEAK_COUNT_CODES,
  speakCountCodeOf,
  TIME_CODES,
  timeCodeOf,
} from '../src/index.js';
import { settings } from './support/dsl.js';

describe('wire code tables (docs/wire-contract.md#codes)', () => {
  it('map turn-time codes to seconds and back', () => {
    expect(TIME_CODES).toEqual({ T3: 30, T4: 40, T5: 50, T6: 60, T9: 90, T12: 120, T15: 150 });
    for (const seconds of SECONDS_PER_TURN) expect(TIME_CODES[timeCodeOf(seconds) ?? 'T3']).toBe(seconds);
    expect(timeCodeOf(45)).toBeUndefined();
  });

  it('map speak-count codes to 3..10 and back', () => {
    expect(Object.values(SPEAK_COUNT_CODES)).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
    expect(speakCountCodeOf(3)).toBe('THREE');
    expect(speakCountCodeOf(10)).toBe('TEN');
    expect(speakCountCodeOf(11)).toBeUndefined();
  });

  it('map formats to seats per side as room info carries them', () => {
    expect(MEMBER_NUMBER_CODES).toEqual({ T1: 1, T2: 3 });
    expect(memberNumberOf('T2')).toBe(3);
  });

  it('label every continent and category in Korean', () => {
    expect(Object.keys(CONTINENT_LABELS).sort()).toEqual([...CONTINENTS].sort());
    expect(Object.keys(CATEGORY_LABELS).sort()).toEqual([...CATEGORIES].sort());
    expect(CONTINENT_LABELS.KR).toBe('한국');
    expect(CATEGORY_LABELS.EN).toBe('연예');
  });
});

describe('roomSettingsSchema', () => {
  it('trims title and description and keeps optional news fields', () => {
    const parsed = roomSettingsSchema.parse(
      settings({ title: ' 제목 ', description: ' 설명 ', newsId: 3, newsUrl: '/news/3' }),
    );
    expect(parsed).toMatchObject({ title: '제목', description: '설명', newsId: 3, newsUrl: '/news/3' });
  });

  it('counts the 30-character limit after trimming', () => {
    expect(roomSettingsSchema.safeParse(settings({ title: ` ${'가'.repeat(30)} ` })).success).toBe(true);
    expect(roomSettingsSchema.safeParse(settings({ title: '가'.repeat(31) })).success).toBe(false);
  });

  it('refuses a missing creator and a fractional turn count', () => {
    expect(roomSettingsSchema.safeParse({ ...settings(), creatorId: undefined }).success).toBe(false);
    expect(roomSettingsSchema.safeParse(settings({ turnsPerSide: 3.5 })).success).toBe(false);
  });
});
