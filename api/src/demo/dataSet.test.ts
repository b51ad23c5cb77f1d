import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildDataSet, type DemoAudio } from './seed.js';

/** A fixed clock: 2026-03-10 13:45 UTC. */
const NOW = Date.UTC(2026, 2, 10, 13, 45);

/** The built data set as JSON, its random ids replaced by their order of first appearance. */
function normalised(data: ReturnType<typeof buildDataSet>): string {
  const ids = new Map<string, number>();
  return JSON.stringify(data).replace(/"[0-9a-f]{24}"/g, (id) => {
    if (!ids.has(id)) ids.set(id, ids.size);
    return `"id${ids.get(id)}"`;
  });
}

describe('buildDataSet (docs/architecture.md#running-it)', () => {
  it('builds the same demo data set for the same clock, byte for byte apart from ids', () => {
    const images = ['course-a.png', 'course-b.png', 'course-c.png', 'course-d.png', 'course-e.png', 'course-f.png', 'course-g.png', 'course-h.png'];
    const audio: DemoAudio[] = ['answer-1.webm', 'answer-2.ogg', 'answer-3.m4a'].map((name, i) => ({
      file: { name, type: 'audio/webm', size: 1000 + i },
      durationMs: 2000 + i,
      measurement: i === 0 ? { kind: 'unavailable' } : { kind: 'failed', reason: 'too short' },
    }));
    const json = normalised(buildDataSet(NOW, 'hash', images, audio));
    expect(json).toBe(normalised(buildDataSet(NOW, 'hash', images, audio)));
    expect(createHash('sha256').update(json).digest('hex')).toBe('05946ae37e87909afbc0d81417168cf8566f0e83c3d9902bb5672e135eb5309b');
  });
});
