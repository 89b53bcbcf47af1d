import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ReplayPlayer } from '../../src/features/debate-zone/ReplayPlayer';
import { freshCache } from '../support/fresh-cache';
import { recordedLog } from './recorded';

afterEach(cleanup);

/** The replay of a recorded room, its playhead dragged to the end of the slider (or moved to a turn's marker). */
function replayedTo(name: string, marker?: string) {
  render(<ReplayPlayer events={recordedLog(name)} roomId="r" me={null} />, { wrapper: freshCache() });
  const player = screen.getByRole('region', { name: '토론 다시보기' });
  if (marker) fireEvent.click(within(player).getByRole('button', { name: marker }));
  else {
    const position = within(player).getByRole('slider', { name: '재생 위치' });
    fireEvent.change(position, { target: { value: position.getAttribute('max') } });
  }
  return player;
}

describe('the replay header once the room has ended', () => {
  it('shows a walkover as the debate ended early with the winner, never the turns it had left', () => {
    const player = replayedTo('walkover');
    const status = within(player).getByText('토론 종료').closest('p')!;
    expect(status.textContent).toBe('토론 종료찬성 부전승디베이터가 나가 조기 종료');
    expect(within(player).queryByText('남은 턴')).toBeNull();
    expect(within(player).queryByText('TIMER')).toBeNull();
  });

  it('says the same of a 1:1 walkover after the reconnect grace ran out', () => {
    const player = replayedTo('grace-expired');
    expect(within(player).getByText('토론 종료').closest('p')!.textContent).toContain('반대 부전승');
    expect(within(player).queryByText('남은 턴')).toBeNull();
  });

  it('shows an exit overflow as stopped early, without a winner', () => {
    const player = replayedTo('exit-overflow');
    expect(within(player).getByText('토론 종료').closest('p')!.textContent).toBe(
      '토론 종료중단디베이터가 나가 조기 종료',
    );
  });

  it('shows the vote and its split where the room ended by its vote', () => {
    const player = replayedTo('one-on-one-vote');
    expect(within(player).getByText('토론 종료').closest('p')!.textContent).toBe(
      '토론 종료찬성 승리찬성 3 · 반대 1 · 기권 0',
    );
  });

  it('keeps TURN and TIMER while the replayed debate is still running', () => {
    const player = replayedTo('walkover', '2턴 반대');
    const turn = within(player).getByText('남은 턴').closest('div')!;
    // 3:3 with 3 turns per side: six turns, the second one speaking.
    expect(turn.textContent).toBe('TURN남은 턴5');
    expect(within(player).queryByText('토론 종료')).toBeNull();
  });
});
