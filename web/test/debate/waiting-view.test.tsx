import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { WaitingView } from '../../src/features/debate-zone/WaitingView';
import { recordedLog } from './recorded';
import { roomVm } from './room-vm';

// 김민지 (2) PRO and 이준호 (3) CON are seated, 정하은 (6) observes; the 5 s countdown runs.
const log = recordedLog('one-on-one-vote');
const starting = log.slice(0, log.findIndex((e) => e.type === 'RecruitmentCompleted') + 1);
const startsAt = 1772413214000;

afterEach(cleanup);

/** The two teams' headings. */
const headings = () =>
  screen
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent)
    .filter((text) => /^(찬성|반대)/.test(text ?? ''));

describe('the waiting room', () => {
  it('tells debaters 우리 팀 / 상대 팀 and observers only 찬성 / 반대', () => {
    render(<WaitingView vm={roomVm(starting, { role: 'debater', me: 3, serverNow: startsAt - 4_500 })} />);
    expect(headings()).toEqual(['찬성 (상대 팀)', '반대 (우리 팀)']);
    cleanup();
    render(<WaitingView vm={roomVm(starting, { role: 'observer', me: 6, serverNow: startsAt - 4_500 })} />);
    expect(headings()).toEqual(['찬성', '반대']);
  });

  it('puts VS between the two teams (the order phones stack them in)', () => {
    const { container } = render(<WaitingView vm={roomVm(starting, { role: 'observer', me: 6 })} />);
    const order = Array.from(container.querySelectorAll('section[aria-label$="측"], p[lang="en"]')).map(
      (el) => el.getAttribute('aria-label') ?? el.textContent,
    );
    expect(order).toEqual(['찬성 측', 'VS', '반대 측']);
  });

  it('counts down from the server deadline, never above the 5 s countdown', () => {
    render(<WaitingView vm={roomVm(starting, { role: 'observer', me: 6, serverNow: startsAt - 29_000 })} />);
    expect(screen.getByLabelText('5초 후 시작').textContent).toBe('5');
    cleanup();
    render(<WaitingView vm={roomVm(starting, { role: 'observer', me: 6, serverNow: startsAt - 2_100 })} />);
    expect(screen.getByLabelText('3초 후 시작').textContent).toBe('3');
  });
});
