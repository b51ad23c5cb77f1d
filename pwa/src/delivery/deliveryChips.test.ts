import { describe, expect, it } from 'vitest';
import type { DeliverySummary } from './delivery';
import { deliveryChips, needsDeliveryHelp } from './deliveryChips';

/** A recording's delivery in brief as chips (docs/product.md#delivery-for-teachers). */

const READY: DeliverySummary = { status: 'ready', source: 'server', pace: 'comfortable', pausesCount: 3, expression: 'lively', quiet: false, clipped: false };
const brief = (summary: DeliverySummary, durationMs?: number) => deliveryChips(summary, durationMs).map(({ text, label, tone }) => `${text} | ${label} | ${tone}`);

describe('deliveryChips', () => {
  it('shows a comfortable, lively take as neutral pace, pauses and expression chips', () => {
    expect(brief(READY, 60_000)).toEqual(['Comfortable pace | Pace: comfortable | neutral', '3 pauses | Pauses: 3 | neutral', 'Lively voice | Expression: lively | neutral']);
    expect(needsDeliveryHelp(READY, 60_000)).toBe(false);
  });

  it('puts slow, fast, flat, quiet and clipped in the warning colour', () => {
    expect(brief({ ...READY, pace: 'fast', expression: 'flat', quiet: true })).toEqual([
      'Fast pace | Pace: fast | warning',
      '3 pauses | Pauses: 3 | neutral',
      'Flat voice | Expression: flat | warning',
      'Quiet | Volume: quiet | warning',
    ]);
    expect(brief({ ...READY, pace: 'slow', expression: 'some', quiet: true, clipped: true })).toEqual([
      'Slow pace | Pace: slow | warning',
      '3 pauses | Pauses: 3 | neutral',
      'Some variety | Expression: some variety | neutral',
      'Clipped | Volume: too loud (clipped) | warning',
    ]);
    expect(needsDeliveryHelp({ ...READY, expression: 'flat' })).toBe(true);
  });

  it('warns of few pauses only for a take of 10 s or more with fewer than 2 a minute, as the card', () => {
    expect(brief({ ...READY, pausesCount: 0 }, 30_000)[1]).toBe('No pauses | Pauses: none | warning');
    expect(brief({ ...READY, pausesCount: 0 }, 8_000)[1]).toBe('No pauses | Pauses: none | neutral');
    expect(brief({ ...READY, pausesCount: 1 }, 20_000)[1]).toBe('1 pause | Pauses: 1 | neutral');
    expect(brief({ ...READY, pausesCount: 1 })[1]).toBe('1 pause | Pauses: 1 | neutral');
  });

  it('leaves out an expression the take did not give', () => {
    expect(brief({ ...READY, expression: null }).map((chip) => chip.split(' | ')[0])).toEqual(['Comfortable pace', '3 pauses']);
  });

  it('says "Measuring…" while pending, a muted "Not measured" when it failed or is unavailable, and "No speech" without speech', () => {
    const none = { source: null, pace: null, pausesCount: null, expression: null, quiet: null, clipped: null };
    expect(brief({ status: 'pending', ...none })).toEqual(['Measuring… | Delivery: measuring… | muted']);
    expect(brief({ status: 'failed', ...none })).toEqual(['Not measured | Delivery: not measured | muted']);
    expect(brief({ status: 'unavailable', ...none })).toEqual(['Not measured | Delivery: not measured | muted']);
    expect(needsDeliveryHelp({ status: 'failed', ...none })).toBe(false);
    expect(brief({ ...READY, pace: null, pausesCount: 0, expression: null, quiet: true })).toEqual(['No speech | Delivery: no speech heard | warning']);
  });

  it('starts a report measured on the phone with a muted "Measured on the phone", never passing it for the server’s', () => {
    expect(brief({ ...READY, source: 'device' }, 60_000)).toEqual([
      'Measured on the phone | Delivery: measured on the phone, not by the server | muted',
      'Comfortable pace | Pace: comfortable | neutral',
      '3 pauses | Pauses: 3 | neutral',
      'Lively voice | Expression: lively | neutral',
    ]);
    expect(brief({ ...READY, source: 'device', pace: null, pausesCount: 0, expression: null })[0]).toBe('Measured on the phone | Delivery: measured on the phone, not by the server | muted');
    expect(brief(READY).some((chip) => chip.startsWith('Measured'))).toBe(false);
  });
});
