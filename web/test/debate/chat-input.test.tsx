import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ChatInput } from '../../src/features/debate-zone/ChatInput';

afterEach(cleanup);

function setup(disabled = false) {
  const sent: string[] = [];
  render(
    <ChatInput
      label="발언 입력"
      placeholder={disabled ? '발언 시간이 아닙니다' : '메시지를 입력하세요'}
      disabled={disabled}
      onSend={(t) => (sent.push(t), true)}
    />,
  );
  return { sent, box: screen.getByRole<HTMLTextAreaElement>('textbox', { name: '발언 입력' }) };
}

describe('the message box', () => {
  it('sends on Enter, not while composing, and empties after sending', () => {
    const { sent, box } = setup();
    fireEvent.change(box, { target: { value: '안녕하세요' } });
    fireEvent.keyDown(box, { key: 'Enter', keyCode: 229 });
    fireEvent.keyDown(box, { key: 'Enter', isComposing: true });
    expect(sent).toEqual([]);
    fireEvent.keyDown(box, { key: 'Enter', keyCode: 13 });
    expect(sent).toEqual(['안녕하세요']);
    expect(box.value).toBe('');
    expect(screen.getByText('0/500', { exact: false })).toBeTruthy();
  });

  it('sends nothing blank, and nothing at all when it is not the user’s turn', () => {
    const { sent, box } = setup();
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(sent).toEqual([]);
    cleanup();
    const off = setup(true);
    expect(off.box.disabled).toBe(true);
    expect(off.box.placeholder).toBe('발언 시간이 아닙니다');
  });
});
