import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadingBar } from '../src/ui/LoadingBar';
import { nextProgress } from '../src/ui/loading-progress';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const percent = () => Number(screen.getByRole('progressbar').getAttribute('aria-valuenow'));

describe('loading bar (docs/product-rules.md#client-behaviour)', () => {
  it('advances 1 % per 15 ms tick and stops at 90 %', () => {
    render(<LoadingBar loading />);
    expect(percent()).toBe(0);
    act(() => {
      vi.advanceTimersByTime(15 * 10);
    });
    expect(percent()).toBe(10);
    act(() => {
      vi.advanceTimersByTime(15 * 200);
    });
    expect(percent()).toBe(90);
  });

  it('jumps to 100 % when loading ends, then goes away', () => {
    const { rerender } = render(<LoadingBar loading />);
    act(() => {
      vi.advanceTimersByTime(15 * 20);
    });
    rerender(<LoadingBar loading={false} />);
    expect(percent()).toBe(100);
    act(() => {
      vi.advanceTimersByTime(400);
    });
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows the percentage in the full-screen variant', () => {
    render(<LoadingBar loading fullScreen />);
    act(() => {
      vi.advanceTimersByTime(15 * 42);
    });
    expect(screen.getByText('42%')).toBeTruthy();
  });

  it('never steps past the ceiling', () => {
    expect(nextProgress(0)).toBe(1);
    expect(nextProgress(89)).toBe(90);
    expect(nextProgress(90)).toBe(90);
  });
});
