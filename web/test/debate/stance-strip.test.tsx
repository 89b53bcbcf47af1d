import { cleanup, render, screen, within } from '@testing-library/react';
import { redactStateFor } from '@toron/engine';
import { afterEach, describe, expect, it } from 'vitest';
import { StanceStrip } from '../../src/features/debate-zone/stances/StanceStrip';
import { recordedLog } from './recorded';
import { roomVm } from './room-vm';

// 이준호 (3) observes and declared 반대 while the room waited; the debate has begun.
const log = recordedLog('stances-moved');
const debating = log.slice(0, log.findIndex((e) => e.type === 'TurnStarted') + 1);
const beforeAnyStance = log.slice(
  0,
  log.findIndex((e) => e.type === 'StanceDeclared'),
);

afterEach(cleanup);

const picker = () => screen.queryByRole('group', { name: '내 입장' });
const pressed = () =>
  within(picker()!)
    .getAllByRole('button')
    .filter((b) => b.getAttribute('aria-pressed') === 'true')
    .map((b) => b.textContent);

describe('the stance picker of an observer who comes (back) to a room', () => {
  it('waits for the stream to say their own stance instead of showing them undecided', () => {
    const vm = roomVm(debating, { role: 'observer', me: 3, synced: false });
    // Before the snapshot, nothing tells the page this viewer's own stance.
    const { rerender } = render(<StanceStrip vm={{ ...vm, state: redactStateFor(vm.state, null) }} />);
    expect(picker()).toBeNull();
    expect(screen.queryByText('지금 생각은?')).toBeNull();
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.getByRole('status', { name: '내 입장을 확인하는 중' })).toBeTruthy();
    // The snapshot (redacted for this viewer) arrives with their stance.
    rerender(<StanceStrip vm={{ ...vm, synced: true }} />);
    expect(screen.queryByRole('status', { name: '내 입장을 확인하는 중' })).toBeNull();
    expect(within(picker()!).getByText('내 입장')).toBeTruthy();
    expect(pressed()).toEqual(['반대']);
  });

  it('offers the picker undeclared once the stream shows they declared nothing', () => {
    const { rerender } = render(
      <StanceStrip vm={roomVm(beforeAnyStance, { role: 'observer', me: 3, synced: false })} />,
    );
    expect(picker()).toBeNull();
    rerender(<StanceStrip vm={roomVm(beforeAnyStance, { role: 'observer', me: 3 })} />);
    expect(within(picker()!).getByText('지금 생각은?')).toBeTruthy();
    expect(pressed()).toEqual([]);
    expect(within(picker()!).getAllByRole('button')).toHaveLength(3);
  });
});
