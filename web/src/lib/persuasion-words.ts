import { POSITION_LABELS, type PersuasiveTurn, type Swing } from '@toron/engine';

/** "+40%p" / "−20%p" / "0%p" with a true minus sign. */
export function pointsText(points: number): string {
  return `${points > 0 ? '+' : points < 0 ? '−' : ''}${Math.abs(points)}%p`;
}

/** A 설득력 (an average swing, one decimal): "+17.5%p", "−10%p". */
export function swingPoints(average: number): string {
  return pointsText(Math.round(average * 10) / 10);
}

/** The headline of a swing: which side moved the room and by how much, or that neither did. */
export function swingHeadline(swing: Swing): string {
  if (!swing.mover) return '어느 쪽도 참관자의 마음을 움직이지 못했어요';
  return `${POSITION_LABELS[swing.mover]} 측이 ${pointsText(swing[swing.mover])}를 얻어 방을 움직였어요`;
}

/** "3턴 · 찬성 김민지": the turn that moved the most viewers and who spoke in it. */
export function turnText(turn: PersuasiveTurn): string {
  const names = turn.speakers.map((s) => s.nickname).join(', ');
  return `${turn.turnIndex + 1}턴 · ${POSITION_LABELS[turn.side]}${names ? ` ${names}` : ''}`;
}
