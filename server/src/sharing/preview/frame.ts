import { SITE_NAME } from '../page-meta.js';
import { box, COLORS, text, type Child, type Element } from './elements.js';
import { CARD_FONT } from './fonts.js';

/** The favicon's mark (a speaker's bar over the two sides' dots) as boxes, `size` px square. */
export function brandMark(size: number): Element {
  const u = size / 32;
  const dot = (left: number, color: string) =>
    box({
      position: 'absolute',
      left: left * u,
      top: 18.5 * u,
      width: 5 * u,
      height: 5 * u,
      borderRadius: 5 * u,
      backgroundColor: color,
    });
  return box(
    { position: 'relative', width: size, height: size, borderRadius: 8 * u, backgroundColor: COLORS.brand },
    box({
      position: 'absolute',
      left: 7.5 * u,
      top: 9.5 * u,
      width: 17 * u,
      height: 3 * u,
      borderRadius: 2 * u,
      backgroundColor: '#fff',
    }),
    box({
      position: 'absolute',
      left: 14.5 * u,
      top: 9.5 * u,
      width: 3 * u,
      height: 15 * u,
      borderRadius: 2 * u,
      backgroundColor: '#fff',
    }),
    dot(6.5, '#93b4ff'),
    dot(20.5, '#ff9b9b'),
  );
}

/** A small rounded label. */
export const chip = (label: string, color: string = COLORS.muted, background: string = COLORS.surface): Element =>
  text(
    { padding: '8px 18px', borderRadius: 999, fontSize: 24, fontWeight: 600, color, backgroundColor: background },
    label,
  );

/** Every card's frame: the brand's stripe and name on top, the content, the white page around. */
export function cardFrame(...content: Child[]): Element {
  return box(
    {
      width: '100%',
      height: '100%',
      flexDirection: 'column',
      backgroundColor: COLORS.paper,
      fontFamily: CARD_FONT,
      color: COLORS.ink,
    },
    box({ height: 12, backgroundColor: COLORS.brand }),
    box(
      { flex: 1, flexDirection: 'column', padding: '44px 64px 48px' },
      box(
        { alignItems: 'center', gap: 16, marginBottom: 28 },
        brandMark(48),
        text({ fontSize: 30, fontWeight: 700, color: COLORS.brand }, SITE_NAME),
      ),
      ...content,
    ),
  );
}
