import type { ExportData, ExportRecord } from './exportData.js';

/**
 * `index.html` of an export (docs/product.md#download-my-data): a summary a parent can open on a
 * phone, with no script, no outside resource and every value escaped: the person's name and role,
 * their courses, self-assessments with dates, recordings with their feedback (each linking to its
 * audio in the archive) and complaints. It is in English, as the register's words are; `data.json`
 * holds everything, this page what matters most.
 */

/** `text` with `& < > " '` escaped for HTML text and attribute values. */
export function escapeHtml(text: unknown): string {
  return String(text ?? '').replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

/** An ISO date as `27 Nov 2026`, UTC; empty for none. */
function day(iso: unknown): string {
  if (typeof iso !== 'string') return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

const list = (items: readonly string[], empty: string) => (items.length ? `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>` : `<p class="empty">${escapeHtml(empty)}</p>`);

const records = (data: ExportData, key: string): ExportRecord[] => data.json.collections[key] ?? [];

/** Scores `{strand: n}` as `strand n, strand n`. */
function scores(value: unknown): string {
  if (!value || typeof value !== 'object') return '';
  return Object.entries(value as Record<string, unknown>).map(([k, v]) => `${escapeHtml(k)} ${escapeHtml(v)}`).join(', ');
}

/** The page. */
export function renderExportHtml(data: ExportData): string {
  const { subject, exportedAt } = data.json;
  const user = records(data, 'users')[0] ?? {};
  const courses = [
    ...records(data, 'enrollments').map((e) => `${escapeHtml(e.courseTitle ?? 'A course')}${e.completedAt ? ` — completed ${escapeHtml(day(e.completedAt))}` : ''}`),
    ...records(data, 'courses').map((c) => `${escapeHtml(c.title)} (you teach it)`),
  ];
  const assessments = records(data, 'assessments').map((a) => `${escapeHtml(day(a.createdAt))}: ${escapeHtml(a.level)} (mean ${escapeHtml(a.mean)})`);
  const feedbackOf = new Map(records(data, 'feedbacks').map((f) => [String(f.recordingId), f]));
  const recordings = records(data, 'recordings').map((r) => {
    const feedback = feedbackOf.get(String(r.id));
    const audio = typeof r.fileInArchive === 'string' ? ` <a href="${escapeHtml(r.fileInArchive)}">Listen</a>` : '';
    const said = feedback
      ? `<br>Feedback${feedback.teacherName ? ` from ${escapeHtml(feedback.teacherName)}` : ''}: ${scores(feedback.strands)}${feedback.comment ? ` — “${escapeHtml(feedback.comment)}”` : ''}`
      : '<br>No feedback yet.';
    return `${escapeHtml(r.taskTitle ?? 'A speaking task')} (${escapeHtml(r.courseTitle ?? '')}), sent ${escapeHtml(day(r.submittedAt))}${audio}${said}`;
  });
  const written = records(data, 'feedbacks')
    .filter((f) => f.studentName !== undefined)
    .map((f) => `${escapeHtml(day(f.createdAt))}, for ${escapeHtml(f.studentName ?? 'a deleted student')}: ${scores(f.strands)}${f.comment ? ` — “${escapeHtml(f.comment)}”` : ''}`);
  const complaints = records(data, 'complaints').map(
    (c) => `<strong>${escapeHtml(c.title)}</strong> (${escapeHtml(day(c.createdAt))}, ${escapeHtml(c.status ?? 'pending')})<br>${escapeHtml(c.description)}`,
  );
  const sections = [
    `<h2>Courses</h2>${list(courses, 'No courses.')}`,
    `<h2>Self-assessments</h2>${list(assessments, 'No self-assessments.')}`,
    `<h2>Recordings and feedback</h2>${list(recordings, 'No recordings.')}`,
    ...(written.length ? [`<h2>Feedback you wrote</h2>${list(written, '')}`] : []),
    `<h2>Complaints</h2>${list(complaints, 'No complaints.')}`,
  ];
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; media-src 'self'">
<title>Your data in Oracy — ${escapeHtml(subject.name)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:40rem;padding:1rem;line-height:1.5;color:#1b1b1b}
h1{font-size:1.5rem}h2{font-size:1.15rem;margin-top:1.5rem;border-bottom:1px solid #ccc}
ul{padding-left:1.2rem}li{margin:.4rem 0;overflow-wrap:anywhere}.empty{color:#555}
</style>
</head>
<body>
<h1>Your data in Oracy</h1>
<p><strong>${escapeHtml(subject.name)}</strong> — ${escapeHtml(subject.role)}${user.email ? `<br>${escapeHtml(user.email)}` : ''}</p>
<p>Made on ${escapeHtml(day(exportedAt))}. <code>data.json</code> in this archive holds everything Oracy keeps about you; the folder <code>files</code> holds your recordings and files.</p>
${sections.join('\n')}
</body>
</html>
`;
}
