// The table `npm run bench` prints. Plain Node.

/** Formats a number with thousands separators and `digits` decimals ("–" when not a number). */
export function num(value, digits = 0) {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '–';
  return value.toLocaleString('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** Milliseconds as "12 ms" (one decimal under 10 ms). */
export const ms = (value) => (typeof value === 'number' && Number.isFinite(value) ? `${num(value, value < 10 ? 1 : 0)} ms` : '–');

/** Milliseconds as seconds, "3.52 s". */
export const seconds = (value) => (typeof value === 'number' && Number.isFinite(value) ? `${num(value / 1000, 2)} s` : '–');

/** A ratio as "0.42". */
export const ratio = (value) => num(value, 2);

/** "ok" / "MISSED" for a budget check, "" when there is no budget or no figure. */
export function verdict(met) {
  if (met === undefined || met === null) return '';
  return met ? 'ok' : 'MISSED';
}

/**
 * Renders sections of rows as a plain-text table. `sections` is
 * `[{title, rows: [[cell, …]]}]`; every row has the cells of `header`.
 * @returns the table as one string
 */
export function renderTable(header, sections) {
  const all = [header, ...sections.flatMap((s) => s.rows)];
  const widths = header.map((_, i) => Math.max(...all.map((row) => String(row[i] ?? '').length)));
  const line = (row) => row.map((cell, i) => (i === 0 ? String(cell ?? '').padEnd(widths[i]) : String(cell ?? '').padStart(widths[i]))).join(' │ ');
  const rule = widths.map((w) => '─'.repeat(w)).join('─┼─');
  const out = [line(header), rule];
  for (const section of sections) {
    out.push(section.title);
    for (const row of section.rows) out.push(line(row));
  }
  return out.join('\n');
}
