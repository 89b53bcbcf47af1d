import type { Side } from '@toron/engine';

/** The stance the list or the gate put in the navigation state (`navigate(href, { state: { stance } })`), or null. */
export function stanceFromHistory(state: unknown): Side | null {
  if (typeof state !== 'object' || state === null) return null;
  const stance = (state as Record<string, unknown>).stance;
  return stance === 'PRO' || stance === 'CON' ? stance : null;
}
