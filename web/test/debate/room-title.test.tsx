import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RoomBar } from '../../src/features/debate-zone/RoomBar';
import { freshCache } from '../support/fresh-cache';
import { recordedLog } from './recorded';
import { roomVm } from './room-vm';

// happy-dom lays nothing out: a title's box says whether its lines overflow the two it may show.
const LINE = 20;
function titleLines(lines: number) {
  Object.defineProperties(HTMLSpanElement.prototype, {
    clientHeight: {
      configurable: true,
      get(this: HTMLSpanElement) {
        return this.className.includes('line-clamp-2') ? Math.min(lines, 2) * LINE : lines * LINE;
      },
    },
    scrollHeight: { configurable: true, get: () => lines * LINE },
  });
}

afterEach(() => {
  cleanup();
  delete (HTMLSpanElement.prototype as { clientHeight?: number }).clientHeight;
  delete (HTMLSpanElement.prototype as { scrollHeight?: number }).scrollHeight;
});

// The longest title there is (MAX_TITLE_LENGTH), without a space to break at.
const TITLE = '초등학교스마트폰사용을법으로전면금지해야하는가를두고벌이는찬';
const info = { ...roomVm(recordedLog('one-on-one-vote'), { role: 'observer', me: 6 }).info, title: TITLE };
const bar = () => render(<RoomBar info={info} onExit={() => {}} />, { wrapper: freshCache() });

describe('the room bar title', () => {
  it('wraps to two lines, a line without a break included, instead of cutting to one', () => {
    titleLines(2);
    bar();
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading.textContent).toBe(TITLE);
    const text = within(heading).getByText(TITLE);
    expect(text.className).toContain('line-clamp-2');
    expect(text.className).toContain('user-text');
    expect(heading.className).not.toContain('truncate');
    // Whole in two lines: nothing to press.
    expect(within(heading).queryByRole('button')).toBeNull();
  });

  it('shows the whole title on a press where two lines cut it, and folds it again', () => {
    titleLines(3);
    bar();
    const heading = screen.getByRole('heading', { level: 1 });
    const toggle = within(heading).getByRole('button', { name: TITLE });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(within(heading).getByText(TITLE).className).not.toContain('line-clamp');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(heading).getByText(TITLE).className).toContain('line-clamp-2');
  });
});
