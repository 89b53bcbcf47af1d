import type { PersuasionSummary } from '@toron/engine';
import type { SwingSummary } from './store.js';

/** A member's 설득력 as the product shows it (the average to one decimal), or null before any measured debate. */
export function shownPersuasion(summary: SwingSummary | undefined): PersuasionSummary | null {
  return summary ? { averageSwing: Math.round(summary.average * 10) / 10, debates: summary.debates } : null;
}
