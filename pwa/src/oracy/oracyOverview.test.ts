import { describe, expect, it } from 'vitest';
import { assessedAgo, attentionCount, attentionLinkText, combinedOffline, orderStudents, teacherOracyKey } from './oracyOverview';

const NOW = Date.parse('2025-05-31T12:00:00Z');
const before = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();
const DAY = 24 * 60 * 60;

describe('the words of the Oracy overviews (docs/product.md#your-students-oracy)', () => {
  it('counts the students needing attention and says so in the link', () => {
    expect(attentionCount([{ needsAttention: [] }, { needsAttention: ['stale'] }, { needsAttention: ['not-assessed'] }])).toBe(2);
    expect(attentionLinkText(0)).toBe('No student needs attention');
    expect(attentionLinkText(1)).toBe('1 student needs attention');
    expect(attentionLinkText(7)).toBe('7 students need attention');
  });

  it('says how long ago an assessment was in the largest whole unit, always with a number', () => {
    expect(assessedAgo(before(30), NOW)).toBe('just now');
    expect(assessedAgo(before(5 * 60), NOW)).toBe('5 minutes ago');
    expect(assessedAgo(before(3 * 60 * 60), NOW)).toBe('3 hours ago');
    expect(assessedAgo(before(DAY + 60), NOW)).toBe('1 day ago');
    expect(assessedAgo(before(6 * DAY), NOW)).toBe('6 days ago');
    expect(assessedAgo(before(7 * DAY), NOW)).toBe('1 week ago');
    expect(assessedAgo(before(21 * DAY + 3600), NOW)).toBe('3 weeks ago');
    expect(assessedAgo(before(40 * DAY), NOW)).toBe('1 month ago');
    expect(assessedAgo(before(400 * DAY), NOW)).toBe('1 year ago');
    // A server clock ahead of the device's: not "in 2 minutes".
    expect(assessedAgo(before(-120), NOW)).toBe('just now');
  });

  it('orders students with those needing attention first, or by name; the id breaks ties', () => {
    const rows = [
      { id: '3', name: 'Cat', needsAttention: false },
      { id: '2', name: 'Ben', needsAttention: true },
      { id: '1', name: 'Amy', needsAttention: false },
      { id: '0', name: 'Ben', needsAttention: false },
    ];
    expect(orderStudents(rows, 'attention').map((r) => r.id)).toEqual(['2', '1', '0', '3']);
    expect(orderStudents(rows, 'name').map((r) => r.id)).toEqual(['1', '0', '2', '3']);
    expect(rows.map((r) => r.id)).toEqual(['3', '2', '1', '0']);
  });

  it('caches one overview per course filter', () => {
    expect(teacherOracyKey(null)).toBe('/api/teacher/oracy');
    expect(teacherOracyKey('c1')).toBe('/api/teacher/oracy?courseId=c1');
  });
});

describe('one offline banner for several cached calls (docs/product.md#screen-data)', () => {
  it('is shown when any call shows data it could not refresh, dated by the oldest', () => {
    expect(combinedOffline({ offline: false, savedAt: 5 }, { offline: false, savedAt: 3 })).toEqual({ offline: false, savedAt: null });
    expect(combinedOffline({ offline: true, savedAt: 5 }, { offline: false, savedAt: 3 })).toEqual({ offline: true, savedAt: 5 });
    expect(combinedOffline({ offline: true, savedAt: 5 }, { offline: true, savedAt: 3 })).toEqual({ offline: true, savedAt: 3 });
    // Offline with nothing to show is an error state, not the banner.
    expect(combinedOffline({ offline: true, savedAt: null })).toEqual({ offline: false, savedAt: null });
  });
});
