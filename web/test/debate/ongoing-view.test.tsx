import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OngoingView } from '../../src/features/debate-zone/OngoingView';
import { freshCache } from '../support/fresh-cache';
import { recordedLog } from './recorded';
import { roomVm } from './room-vm';

// 김민지 (2) PRO, 이준호 (3) CON; 정하은 (6) observes and chats.
const log = recordedLog('one-on-one-vote');
const upTo = (index: number) => log.slice(0, index + 1);
const CON_SPEECH = '재원 마련 방안이 빠져 있습니다. 증세 없이 가능한가요?';
const PRO_SPEECH = '행정 비용도 크게 줄어듭니다.';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A phone-sized window: no media query of a larger layout matches. */
const onPhone = () =>
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));

/** Whether a chat line sits on the right of the column. */
const onRight = (text: string) => screen.getByText(text).closest('li')!.className.includes('self-end');

describe('the live debate', () => {
  it('shows the speeches as two sides facing each other, PRO left and CON right, for everyone', () => {
    for (const [role, me] of [
      ['observer', 6],
      ['debater', 2],
      ['debater', 3],
    ] as const) {
      render(<OngoingView vm={roomVm(upTo(11), { role, me })} />, { wrapper: freshCache() });
      expect([onRight(PRO_SPEECH), onRight(CON_SPEECH)]).toEqual([false, true]);
      cleanup();
    }
  });

  it('keeps the TURN label with 남은 턴 beside it', () => {
    render(<OngoingView vm={roomVm(upTo(11), { role: 'debater', me: 3 })} />, { wrapper: freshCache() });
    const turn = screen.getByText('남은 턴').closest('div')!;
    expect(turn.textContent).toBe('TURN남은 턴5');
  });

  it('counts the messages of the tab not in view on the observer tabs (phones)', () => {
    onPhone();
    const { rerender } = render(<OngoingView vm={roomVm(upTo(8), { role: 'observer', me: 6 })} />, {
      wrapper: freshCache(),
    });
    const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(`^${name}`) });
    expect(tab('참관').textContent).toBe('참관');
    rerender(<OngoingView vm={roomVm(upTo(12), { role: 'observer', me: 6 })} />);
    expect(tab('참관').textContent).toBe('참관1개의 새 메시지'); // 재원 얘기 나왔다
    fireEvent.click(tab('참관'));
    expect(tab('참관').textContent).toBe('참관');
    rerender(<OngoingView vm={roomVm(upTo(16), { role: 'observer', me: 6 })} />);
    expect(tab('토론').textContent).toBe('토론2개의 새 메시지');
  });

  it('says a refused chat message once next to the input and gives its text back', () => {
    const refusal = {
      command: 'speak' as const,
      message: '메시지를 너무 빨리 보내고 있어요.',
      text: '잠깐만요',
      id: 1,
    };
    const { rerender } = render(<OngoingView vm={roomVm(upTo(11), { role: 'debater', me: 3 })} />, {
      wrapper: freshCache(),
    });
    rerender(<OngoingView vm={roomVm(upTo(11), { role: 'debater', me: 3, chatRefusal: refusal })} />);
    const box = screen.getByRole('textbox', { name: '발언 입력' });
    expect((box as HTMLTextAreaElement).value).toBe('잠깐만요');
    const form = box.closest('form')!;
    expect(within(form).getAllByText(refusal.message)).toHaveLength(1);
    rerender(<OngoingView vm={roomVm(upTo(11), { role: 'debater', me: 3, chatRefusal: { ...refusal, id: 2 } })} />);
    expect(within(form).getAllByText(refusal.message)).toHaveLength(1);
  });
});
