import type { ProcessResult } from './tables.js';

/** A processed report as far as sanctions care: its result and when it was decided. */
export type Sanction = { id: number; result: ProcessResult; processedAt: number };

/** What the reports in force add up to. */
export type Standing = { kind: 'clear' } | { kind: 'suspended'; until: Date } | { kind: 'banned' };

/**
 * The user's standing from the reports still in force: any BAN bans; a SUSPENSION suspends for
 * `suspensionMs` from its decision; every `warningsToSuspend`-th warning (in decision order)
 * suspends likewise. The latest suspension end that is still in the future wins.
 */
export function computeStanding(
  sanctions: readonly Sanction[],
  rules: { warningsToSuspend: number; suspensionMs: number },
  now: Date,
): Standing {
  if (sanctions.some((s) => s.result === 'BAN')) return { kind: 'banned' };
  const ordered = [...sanctions].sort((a, b) => a.processedAt - b.processedAt || a.id - b.id);
  let warnings = 0;
  let until = 0;
  for (const s of ordered) {
    let starts = false;
    if (s.result === 'SUSPENSION') starts = true;
    if (s.result === 'WARNING') {
      warnings += 1;
      starts = warnings % rules.warningsToSuspend === 0;
    }
    if (starts) until = Math.max(until, s.processedAt + rules.suspensionMs);
  }
  return until > now.getTime() ? { kind: 'suspended', until: new Date(until) } : { kind: 'clear' };
}
