import type { RoomInfo } from '@toron/engine';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RoomInfoToggle } from '../../src/features/debate-zone/RoomInfoToggle';

const info: RoomInfo = {
  roomId: 'r',
  uuid: 'r',
  title: '주 4일제 도입',
  description: '근무 시간을 줄여야 할까',
  memberNumberType: 1,
  categoryType: 'SO',
  continentType: 'KR',
  newsUrl: null,
  status: 'WAITING',
  timeType: 30,
  speakCountType: 3,
  resultEnabled: true,
  proUsers: [],
  conUsers: [],
  outcome: null,
};

/** Pretends the window is a phone (< 640 px) or not. */
function viewport(phone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: phone && query.includes('max-width: 639px'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const toggle = () => screen.getByRole('button', { name: /토론방 정보/ });
const popover = () => screen.queryByRole('region', { name: '토론방 정보' });

describe('the room-info popover', () => {
  it('closes on Escape (focus back on the toggle), on a press outside and on its toggle', () => {
    viewport(false);
    render(
      <div>
        <p>바깥</p>
        <RoomInfoToggle info={info} />
      </div>,
    );
    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(popover()?.textContent).toContain('근무 시간을 줄여야 할까');

    popover()!.focus();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(popover()).toBeNull();
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle());

    fireEvent.click(toggle());
    fireEvent.pointerDown(popover()!); // inside: stays open
    expect(popover()).not.toBeNull();
    fireEvent.pointerDown(screen.getByText('바깥'));
    expect(popover()).toBeNull();
    expect(toggle().getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(toggle());
    fireEvent.click(toggle());
    expect(popover()).toBeNull();
  });

  it('rises as a bottom sheet on phones and gives focus back when it closes', () => {
    viewport(true);
    render(<RoomInfoToggle info={info} dark />);
    toggle().focus();
    fireEvent.click(toggle());
    const sheet = screen.getByRole('dialog', { name: '토론방 정보' });
    expect(sheet.textContent).toContain('총 발언 시간');
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle());

    fireEvent.click(toggle());
    fireEvent.click(screen.getByRole('button', { name: '닫기' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
