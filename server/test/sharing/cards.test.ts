import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replay, type RoomEvent } from '@toron/engine';
import { readRecordedRoom } from '@toron/fixtures';
import { debateCardOf, stageText, swingText, type DebateCard } from '../../src/sharing/debate-card.js';
import { debateMeta } from '../../src/sharing/page-facts.js';
import { attributeText, clip, metaTags, siteMeta } from '../../src/sharing/page-meta.js';
import { versionOf } from '../../src/sharing/preview/cache.js';
import { debateLayout } from '../../src/sharing/preview/debate-layout.js';
import { drawable } from '../../src/sharing/preview/elements.js';
import { renderCard } from '../../src/sharing/preview/render.js';
import { expectCardPng } from './support.js';

const cardOf = (name: string): DebateCard => {
  const card = debateCardOf(replay(readRecordedRoom(name).events), () => undefined);
  if (!card) throw new Error(`${name} did not open`);
  return card;
};

describe('a debate card, from a room', () => {
  it('says how each recorded room ended, with the vote shares only once closed', () => {
    const vote = cardOf('one-on-one-vote');
    expect(vote).toMatchObject({
      title: '기본소득 도입, 찬성하시나요?',
      tags: ['경제', '한국', '1:1 토론'],
      pro: ['김민지'],
      con: ['이준호'],
      stage: 'ended',
      outcome: { ending: 'VOTE', winner: 'PRO', percents: { pro: 75, con: 25, abstain: 0, total: 4 } },
    });
    expect(stageText(vote)).toBe('찬성 측 승리');
    expect(stageText(cardOf('walkover'))).toMatch(/^(찬성|반대) 측 부전승$/);
    expect(stageText(cardOf('three-on-three-no-vote'))).toBe('토론 종료 · 승패 없음');
    expect(stageText(cardOf('exit-overflow'))).toBe('토론자가 나가 끝난 토론');
    expect(stageText(cardOf('abandoned'))).toBe('열리지 못한 토론');
  });

  it('while the vote runs, says so and carries no count', () => {
    const events = readRecordedRoom('one-on-one-vote').events as RoomEvent[];
    const voting = events.slice(
      0,
      events.findIndex((e) => e.type === 'VotingClosed'),
    );
    const card = debateCardOf(replay(voting), () => undefined)!;
    expect(card).toMatchObject({ stage: 'voting', outcome: null });
    expect(stageText(card)).toBe('투표 진행 중');
    expect(JSON.stringify(card)).not.toMatch(/PRO"|ballot|%/);
  });

  it('shows the swing when the room measured one: in the description and as its own picture', async () => {
    const card = cardOf('one-on-one-vote');
    const swung: DebateCard = { ...card, swing: { side: 'CON', points: 12 } };
    expect(swingText(swung.swing!)).toBe('반대 +12%p');
    expect(swingText({ side: 'PRO', points: -3 })).toBe('찬성 −3%p');
    const meta = debateMeta(swung, 'https://toron.example', versionOf(swung));
    expect(meta.description).toContain('청중을 움직인 쪽 반대 +12%p');
    expect(versionOf(swung)).not.toBe(versionOf(card));
    const [plain, withSwing] = await Promise.all([renderCard(debateLayout(card)), renderCard(debateLayout(swung))]);
    await expectCardPng(withSwing);
    expect(withSwing.equals(plain)).toBe(false);
  });
});

describe('preview texts', () => {
  it('attribute text never holds markup and reads back as the folded original', () => {
    const decode = (s: string) =>
      s
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&');
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), (s) => {
        const out = attributeText(s);
        expect(out).not.toMatch(/[<>"']/);
        expect(decode(out)).toBe(s.replace(/\s+/g, ' ').trim());
      }),
    );
  });

  it('clipping keeps whole characters and marks the cut', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), fc.integer({ min: 2, max: 40 }), (s, max) => {
        const out = [...clip(s, max)];
        expect(out.length).toBeLessThanOrEqual(max);
        if (out.length === max && [...s.replace(/\s+/g, ' ').trim()].length > max) expect(out.at(-1)).toBe('…');
      }),
    );
    expect(clip('가나다라마바', 4)).toBe('가나다…');
  });

  it('cards draw text without emoji and keep every Hangul syllable', () => {
    expect(drawable('원전 확대 😀 찬반 👍🏽 🇰🇷')).toBe('원전 확대 찬반');
    fc.assert(
      fc.property(
        fc.string({ unit: fc.integer({ min: 0xac00, max: 0xd7a3 }).map((c) => String.fromCodePoint(c)) }),
        (s) => {
          expect(drawable(s)).toBe(s.replace(/\s+/g, ' ').trim());
        },
      ),
    );
  });

  it('the site preview has no page URL of its own and every tag once', () => {
    const tags = metaTags(siteMeta('https://toron.example'));
    expect(tags).not.toContain('og:url');
    expect(tags).not.toContain('canonical');
    const names = [...tags.matchAll(/(?:property|name)="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(names).size).toBe(names.length);
    expect(tags).toContain('<meta property="og:image" content="https://toron.example/previews/site.png" />');
  });
});
