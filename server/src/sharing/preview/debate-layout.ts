import { POSITION_LABELS, type Side } from '@toron/engine';
import { sharesText, sideLine, stageText, swingText, voteShares, type DebateCard } from '../debate-card.js';
import { clip } from '../page-meta.js';
import { box, COLORS, text, type Element } from './elements.js';
import { cardFrame, chip } from './frame.js';

const SIDE_COLORS: Record<Side, { ink: string; soft: string }> = {
  PRO: { ink: COLORS.pro, soft: COLORS.proSoft },
  CON: { ink: COLORS.con, soft: COLORS.conSoft },
};

const sideBox = (side: Side, names: readonly string[]): Element =>
  box(
    {
      flex: 1,
      flexDirection: 'column',
      gap: 6,
      padding: '18px 24px',
      borderRadius: 16,
      borderLeft: `8px solid ${SIDE_COLORS[side].ink}`,
      backgroundColor: SIDE_COLORS[side].soft,
    },
    text({ fontSize: 24, fontWeight: 700, color: SIDE_COLORS[side].ink }, POSITION_LABELS[side]),
    text({ fontSize: 32, fontWeight: 600 }, clip(sideLine(names), 28)),
  );

/** The stage as a badge: live states in the brand's colours, a decided vote in the winner's. */
function stageBadge(card: DebateCard): Element {
  if (card.stage !== 'ended') return chip(`● ${stageText(card)}`, COLORS.con, COLORS.conSoft);
  const winner = card.outcome?.winner;
  return winner !== 'PRO' && winner !== 'CON'
    ? chip(stageText(card), COLORS.neutral, COLORS.neutralSoft)
    : chip(stageText(card), SIDE_COLORS[winner].ink, SIDE_COLORS[winner].soft);
}

/** The vote's shares as one bar with its figures, or the description when there was no count. */
function bottomLine(card: DebateCard): Element {
  const shares = voteShares(card);
  if (!shares) return text({ fontSize: 26, color: COLORS.muted }, clip(card.description, 70));
  const { pro, con, abstain } = shares;
  const part = (share: number, color: string) =>
    share > 0 ? box({ width: `${share}%`, height: 18, backgroundColor: color }) : null;
  return box(
    { flexDirection: 'column', gap: 10 },
    box(
      { width: '100%', height: 18, borderRadius: 9, overflow: 'hidden', backgroundColor: COLORS.neutralSoft },
      ...[part(pro, COLORS.pro), part(con, COLORS.con), part(abstain, '#9aa1a9')].filter((p) => p !== null),
    ),
    text({ fontSize: 26, fontWeight: 600, color: COLORS.muted }, sharesText(shares)),
  );
}

/**
 * A debate's picture: tags and stage on top, the title, the two sides, then the vote's shares
 * (or the description) and the swing when the room measured one.
 */
export function debateLayout(card: DebateCard): Element {
  return cardFrame(
    box({ gap: 12, alignItems: 'center' }, ...card.tags.map((tag) => chip(tag)), box({ flex: 1 }), stageBadge(card)),
    text(
      {
        marginTop: 24,
        fontSize: 56,
        fontWeight: 700,
        lineHeight: 1.25,
        letterSpacing: -1,
        maxHeight: 140,
        overflow: 'hidden',
      },
      clip(card.title, 44),
    ),
    box({ flex: 1 }),
    box(
      { gap: 20, alignItems: 'center' },
      sideBox('PRO', card.pro),
      text({ fontSize: 28, fontWeight: 700, color: COLORS.muted }, 'VS'),
      sideBox('CON', card.con),
    ),
    box(
      { marginTop: 24, gap: 24, alignItems: 'flex-end' },
      box({ flex: 1, flexDirection: 'column' }, bottomLine(card)),
      ...(card.swing ? [chip(`청중을 움직인 쪽 ${swingText(card.swing)}`, COLORS.brand, COLORS.brandSoft)] : []),
    ),
  );
}
