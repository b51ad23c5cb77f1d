import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useToday } from './useToday';

describe('useToday (docs/product.md#discussion)', () => {
  afterEach(() => vi.useRealTimers());

  it('takes the time again just after local midnight, and not before', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date(2026, 11, 7, 23, 58));
    const { result } = renderHook(() => useToday());
    const before = result.current;
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(result.current).toBe(before);
    act(() => {
      vi.advanceTimersByTime(2 * 60_000);
    });
    expect(new Date(result.current).getDate()).toBe(8);
  });

  it('takes it again when the page becomes visible on a later day', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 11, 7, 12, 0));
    const { result } = renderHook(() => useToday());
    vi.setSystemTime(new Date(2026, 11, 9, 8, 0));
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(new Date(result.current).getDate()).toBe(9);
  });
});
