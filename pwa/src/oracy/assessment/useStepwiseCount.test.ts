import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useStepwiseCount } from './useStepwiseCount';

/** Lets one frame and the task after it run (each inside its own `act`, so React commits between steps). */
async function nextStep(ms = 16) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  await act(() => vi.advanceTimersByTimeAsync(0));
}

describe('useStepwiseCount', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows nothing while inactive, then one piece at once and one more per frame', async () => {
    const { result, rerender } = renderHook(({ active }) => useStepwiseCount(4, active), { initialProps: { active: false } });
    expect(result.current).toBe(0);
    await nextStep(200);
    expect(result.current).toBe(0);

    rerender({ active: true });
    expect(result.current).toBe(1);
    await nextStep();
    expect(result.current).toBe(2);
    await nextStep();
    expect(result.current).toBe(3);
    await nextStep();
    expect(result.current).toBe(4);
    await nextStep(500);
    expect(result.current).toBe(4);
  });

  it('starts with the first piece when active from the start, and carries on if it turns inactive', async () => {
    const { result, rerender } = renderHook(({ active }) => useStepwiseCount(3, active), { initialProps: { active: true } });
    expect(result.current).toBe(1);
    rerender({ active: false });
    for (let frame = 0; frame < 5; frame += 1) await nextStep();
    expect(result.current).toBe(3);
  });

  it('still steps when no frame comes (a background tab), 100 ms apart', async () => {
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 1);
    const { result } = renderHook(() => useStepwiseCount(3, true));
    await act(() => vi.advanceTimersByTimeAsync(99));
    expect(result.current).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(result.current).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(result.current).toBe(3);
  });
});
