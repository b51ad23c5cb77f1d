import { describe, expect, it } from 'vitest';
import { formatDate } from '../platform/i18n/dates';
import { monthLabel } from './activity';

describe('monthLabel (docs/product.md#student-dashboard)', () => {
  it("names a YYYY-MM month as charts by month do in the active language, whatever the device's time zone", () => {
    expect(monthLabel('2026-12')).toBe('December');
    expect(monthLabel('2027-01')).toBe('January');
    expect(monthLabel('2026-12')).toBe(formatDate(new Date(2026, 11, 1), 'month'));
  });

  it('shows an ill-formed month as it came', () => {
    expect(monthLabel('soon')).toBe('soon');
  });
});
