import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { debateChat } from '../../src/features/debate-zone/chat-items';
import { ChatLog } from '../../src/features/debate-zone/ChatLog';
import { ReplayPlayer } from '../../src/features/debate-zone/ReplayPlayer';
import { freshCache } from '../support/fresh-cache';
import { recordedLog } from './recorded';

// happy-dom lays nothing out: a log's box is 300 px high and each of its lines 100 px, so it scrolls from 3 lines on.
const LOG_HEIGHT = 300;
const LINE_HEIGHT = 100;
const log = recordedLog('one-on-one-vote');
const chat = debateChat(log);

/** Every other way of scrolling: the window's, and scrollIntoView, which also scrolls the window and every ancestor. */
let otherScrolling: MockInstance[] = [];

beforeEach(() => {
  Object.defineProperties(HTMLOListElement.prototype, {
    clientHeight: { configurable: true, get: () => LOG_HEIGHT },
    scrollHeight: {
      configurable: true,
      get(this: HTMLOListElement) {
        return Math.max(LOG_HEIGHT, this.children.length * LINE_HEIGHT);
      },
    },
  });
  otherScrolling = [
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {}),
    vi.spyOn(window, 'scrollBy').mockImplementation(() => {}),
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => {}),
  ];
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  delete (HTMLOListElement.prototype as { clientHeight?: number }).clientHeight;
  delete (HTMLOListElement.prototype as { scrollHeight?: number }).scrollHeight;
});

/** The reader scrolls inside the log to `top`. */
function scrollLogTo(list: HTMLElement, top: number) {
  list.scrollTop = top;
  fireEvent.scroll(list);
}

const endOf = (list: HTMLElement) => list.scrollHeight - list.clientHeight;

function expectOnlyTheLogScrolled() {
  for (const spy of otherScrolling) expect(spy).not.toHaveBeenCalled();
}

describe('a chat log follows new lines by scrolling itself', () => {
  const shown = (count: number) => (
    <ChatLog items={chat.slice(0, count)} me={null} facing roomId="r" label="토론 채팅" />
  );

  it('opens at its newest line and keeps to the end as lines arrive, never moving the page', () => {
    const { rerender } = render(shown(4), { wrapper: freshCache() });
    const list = screen.getByRole('list', { name: '토론 채팅' });
    expect(list.scrollTop).toBeGreaterThanOrEqual(endOf(list));
    rerender(shown(6));
    expect(list.scrollTop).toBeGreaterThanOrEqual(endOf(list));
    expectOnlyTheLogScrolled();
  });

  it('leaves a reader who scrolled up where they are, and follows again once they are back at the end', () => {
    const { rerender } = render(shown(4), { wrapper: freshCache() });
    const list = screen.getByRole('list', { name: '토론 채팅' });
    scrollLogTo(list, 0);
    rerender(shown(6));
    expect(list.scrollTop).toBe(0);
    scrollLogTo(list, endOf(list));
    rerender(shown(8));
    expect(list.scrollTop).toBeGreaterThanOrEqual(endOf(list));
  });

  it('takes a reader who scrolled up to the line they just sent', () => {
    // The first message after the opening lines, said by the reader.
    const at = chat.findIndex((item, i) => i >= 4 && item.kind === 'message');
    const mine = chat[at]!;
    if (mine.kind !== 'message') throw new Error('the recorded debate has no message to send');
    const sent = (count: number) => (
      <ChatLog items={chat.slice(0, count)} me={mine.userId} facing roomId="r" label="토론 채팅" />
    );
    const { rerender } = render(sent(at), { wrapper: freshCache() });
    const list = screen.getByRole('list', { name: '토론 채팅' });
    scrollLogTo(list, 0);
    rerender(sent(at + 1));
    expect(list.scrollTop).toBeGreaterThanOrEqual(endOf(list));
    expectOnlyTheLogScrolled();
  });

  it('leaves a replay where the reader scrolled, even when the next replayed line is their own', () => {
    const at = chat.findIndex((item, i) => i >= 4 && item.kind === 'message');
    const mine = chat[at]!;
    if (mine.kind !== 'message') throw new Error('the recorded debate has no message to replay');
    const replayedTo = (count: number) => (
      <ChatLog items={chat.slice(0, count)} me={mine.userId} facing replayed roomId="r" label="다시보기 채팅" />
    );
    const { rerender } = render(replayedTo(at), { wrapper: freshCache() });
    const list = screen.getByRole('list', { name: '다시보기 채팅' });
    scrollLogTo(list, 0);
    rerender(replayedTo(at + 1));
    expect(list.scrollTop).toBe(0);
  });
});

describe('the replay player', () => {
  it('scrolls its own transcript as the replay moves on, never the page', () => {
    render(<ReplayPlayer events={log} roomId="r" me={null} />, { wrapper: freshCache() });
    const list = screen.getByRole('list', { name: '다시보기 채팅' });
    const next = screen.getByRole('button', { name: '다음 턴' });
    for (let turn = 0; turn < 4; turn++) fireEvent.click(next);
    expect(list.children.length * LINE_HEIGHT).toBeGreaterThan(LOG_HEIGHT);
    expect(list.scrollTop).toBeGreaterThanOrEqual(endOf(list));
    expectOnlyTheLogScrolled();
  });
});
