import { clip, SITE_TAGLINE } from '../page-meta.js';
import { box, COLORS, text, type Element } from './elements.js';
import { CARD_FONT } from './fonts.js';
import { brandMark, cardFrame, chip } from './frame.js';

/** The public facts of a member's card: what their user page shows to everyone. */
export interface ProfileCard {
  readonly userId: number;
  readonly nickname: string;
  readonly introduction: string;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
}

const figure = (value: number, label: string, color: string) =>
  box(
    {
      flexDirection: 'column',
      alignItems: 'center',
      padding: '16px 36px',
      borderRadius: 16,
      backgroundColor: COLORS.surface,
    },
    text({ fontSize: 56, fontWeight: 700, color }, String(value)),
    text({ fontSize: 24, fontWeight: 600, color: COLORS.muted }, label),
  );

/** A member's picture: nickname, record and introduction. */
export function profileLayout(card: ProfileCard): Element {
  return cardFrame(
    box({ gap: 12 }, chip('토론 프로필')),
    text({ marginTop: 20, fontSize: 64, fontWeight: 700, letterSpacing: -1 }, clip(card.nickname, 20)),
    text(
      { marginTop: 12, fontSize: 30, color: COLORS.muted, lineHeight: 1.4, maxHeight: 84, overflow: 'hidden' },
      clip(card.introduction || '아직 소개가 없습니다', 70),
    ),
    box({ flex: 1 }),
    box(
      { gap: 20 },
      figure(card.wins, '승', COLORS.pro),
      figure(card.draws, '무', COLORS.neutral),
      figure(card.losses, '패', COLORS.con),
    ),
  );
}

/** The site's own picture, for pages without a card of their own. */
export function siteLayout(): Element {
  return box(
    {
      width: '100%',
      height: '100%',
      flexDirection: 'column',
      alignItems: 'center',
      justifyContent: 'center',
      gap: 28,
      backgroundColor: COLORS.brand,
      fontFamily: CARD_FONT,
      color: '#fff',
    },
    box({ padding: 12, borderRadius: 40, backgroundColor: 'rgba(255,255,255,0.12)' }, brandMark(160)),
    text({ fontSize: 88, fontWeight: 700, letterSpacing: -2 }, '토론 Toron'),
    text({ fontSize: 34, fontWeight: 600, color: 'rgba(255,255,255,0.85)' }, SITE_TAGLINE),
  );
}
