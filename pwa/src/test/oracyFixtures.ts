import type { Snapshot, Strands, StudentOracy } from '../data/oracy';
import { STATEMENT_KEYS } from '../pages/assessment/statements';

/** The level a mean gives (docs/product.md#derived-and-stored-data), for fixtures. */
function levelOf(mean: number): Snapshot['level'] {
  if (mean >= 4.5) return 'Advanced';
  if (mean >= 3.5) return 'Proficient';
  if (mean >= 2.5) return 'Developing';
  return 'Beginner';
}

/** A snapshot as the API answers it: `day` days after 1 Jan 2026 at noon UTC, with these strands. */
export function snapshot(day: number, strands: Strands, id = `a${day}`): Snapshot {
  const mean = Math.round(((strands.linguistic + strands.cognitive + strands.socialEmotional + strands.physical) / 4) * 100) / 100;
  return {
    id,
    submittedAt: new Date(Date.UTC(2026, 0, 1 + day, 12)).toISOString(),
    mean,
    level: levelOf(mean),
    strands,
    scores: Object.fromEntries(STATEMENT_KEYS.map((key) => [key, 3])) as Snapshot['scores'],
  };
}

/** A profile answer from a history given newest first (the API's order). */
export function profileOf(history: Snapshot[], studentId = 'u-student'): StudentOracy {
  const [latest = null, previous = null] = history;
  return {
    studentId,
    latest,
    previous,
    history,
    change: latest && previous ? Math.round((latest.mean - previous.mean) * 100) / 100 : null,
    needsAttention: latest ? [] : ['not-assessed'],
  };
}
