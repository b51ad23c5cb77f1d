import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DeliveryReport } from '@oracy/api/delivery';
import { deliveryReportFixture } from '../test/deliveryFixtures';
import { useDeliveryReport } from './useDeliveryReport';

/**
 * The device's measurement of a take (docs/product.md#how-did-it-sound). jsdom has neither Web Audio
 * nor workers: `measureTake` (decode + worker) is replaced by calls the test settles.
 */
const calls = vi.hoisted(() => [] as Array<{ blob: Blob; signal: AbortSignal | undefined; resolve: (report: DeliveryReport) => void; reject: (error: Error) => void }>);
vi.mock('./measure', () => ({
  measureTake: (blob: Blob, signal?: AbortSignal) =>
    new Promise<DeliveryReport>((resolve, reject) => {
      calls.push({ blob, signal, resolve, reject });
    }),
}));

const take = (text: string) => new Blob([text], { type: 'audio/webm' });

describe('useDeliveryReport', () => {
  it('is idle without a take, measuring once one arrives, then ready with its report', async () => {
    calls.length = 0;
    const { result, rerender } = renderHook(({ blob }) => useDeliveryReport(blob), { initialProps: { blob: null as Blob | null } });
    expect(result.current).toMatchObject({ status: 'idle', report: null, error: null });

    const first = take('one');
    rerender({ blob: first });
    expect(result.current.status).toBe('measuring');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.blob).toBe(first);

    const report = deliveryReportFixture();
    await act(async () => calls[0]?.resolve(report));
    expect(result.current).toMatchObject({ status: 'ready', report, error: null });
    await expect(result.current.settled(first, 1_000)).resolves.toBe(report);
  });

  it('fails without throwing, keeping the error', async () => {
    calls.length = 0;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const blob = take('bad');
    const { result } = renderHook(() => useDeliveryReport(blob));
    await waitFor(() => expect(calls).toHaveLength(1));
    const pending = result.current.settled(blob, 5_000);
    await act(async () => calls[0]?.reject(new Error('EncodingError')));
    expect(result.current.status).toBe('failed');
    expect(result.current.error?.message).toBe('EncodingError');
    await expect(pending).resolves.toBeNull();
    expect(warn).toHaveBeenCalled();
  });

  it('aborts the previous take’s work when a new take arrives, and never shows its result', async () => {
    calls.length = 0;
    const first = take('one');
    const second = take('two');
    const { result, rerender } = renderHook(({ blob }) => useDeliveryReport(blob), { initialProps: { blob: first as Blob | null } });
    await waitFor(() => expect(calls).toHaveLength(1));
    const waitingForFirst = result.current.settled(first, 5_000);

    rerender({ blob: second });
    expect(calls[0]?.signal?.aborted).toBe(true);
    await expect(waitingForFirst).resolves.toBeNull();
    await waitFor(() => expect(calls).toHaveLength(2));
    await act(async () => calls[0]?.resolve(deliveryReportFixture({ rate: { pace: 'fast' } })));
    expect(result.current.status).toBe('measuring');

    const report = deliveryReportFixture();
    await act(async () => calls[1]?.resolve(report));
    expect(result.current.report).toBe(report);

    rerender({ blob: null });
    expect(calls[1]?.signal?.aborted).toBe(true);
    expect(result.current).toMatchObject({ status: 'idle', report: null });
  });

  it('stops waiting for a report after the time limit, and knows no report for another take', async () => {
    calls.length = 0;
    const blob = take('slow');
    const { result } = renderHook(() => useDeliveryReport(blob));
    await waitFor(() => expect(calls).toHaveLength(1));
    await expect(result.current.settled(blob, 10)).resolves.toBeNull();
    await expect(result.current.settled(take('other'), 1_000)).resolves.toBeNull();
  });
});
