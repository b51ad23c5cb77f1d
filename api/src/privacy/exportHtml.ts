import { HTML_LANG, LOCALES } from '../auth/pageTexts.js';
import { DELETED_USER_NAME } from '../chat/presenter.js';
import type { Language } from '../platform/http/fields.js';
import { hasMessage, t as text, type MessageId } from '../platform/i18n/index.js';
import type { ExportData, ExportRecord } from './exportData.js';

/**
 * `index.html` of an export (docs/product.md#download-my-data): a summary a parent can open on a
 * phone, with no script, no outside resource and every value escaped: the person's name and role,
 * their courses, self-assessments with dates, recordings with their feedback (each linking to its
 * audio in the archive, or saying that the school's retention removed it), complaints and who
 * opened the student's data (name, role, what and when; never an IP address). It is in
 * the person's language (their own choice, or the school's), with the app's words for levels,
 * strands and statuses; `data.json` holds everything, this page what matters most.
 */

/** `text` with `& < > " '` escaped for HTML text and attribute values. */
export function escapeHtml(text: unknown): string {
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- any stored value prints as its own text
  return String(text ?? '').replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

/** A value already in HTML, put into a text as it is (every other value is escaped). */
interface Html {
  html: string;
}

/** The page's words (`export.*` of the server's catalogues) in one language, escaped for HTML. */
function wordsOf(language: Language) {
  const locale = LOCALES[language];
  /**
   * The message `id` formatted by FormatJS, with `values` filled in: the message and plain values
   * escaped, {@link Html} values as they are. Values go in as markers, so that escaping the
   * formatted text cannot touch them.
   */
  const t = (id: MessageId & `export.${string}`, values: Record<string, unknown> = {}) => {
    const entries = Object.entries(values);
    const markers = Object.fromEntries(entries.map(([k], i) => [k, `\uE000${i}\uE001`]));
    const filled = entries.map(([, v]) => (v && typeof v === 'object' && 'html' in v ? String((v as Html).html) : escapeHtml(v)));
    return escapeHtml(text(language, id, markers)).replace(/\uE000(\d+)\uE001/g, (_, i: string) => filled[Number(i)]!);
  };
  /** A known word (a role, level, strand or status) in this language, or the value itself escaped. */
  const word = (prefix: 'role' | 'level' | 'strand' | 'status' | 'what', value: unknown) => {
    const id = `export.${prefix}.${String(value)}` as const;
    return hasMessage(id) ? t(id) : escapeHtml(value);
  };
  /** An ISO date as `27 Nov 2026` in this language, UTC; empty for none. */
  const day = (iso: unknown) => {
    if (typeof iso !== 'string') return '';
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  };
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- any stored value prints as its own text
  const number = (value: unknown) => (typeof value === 'number' ? value.toLocaleString(locale, { maximumFractionDigits: 2 }) : String(value ?? ''));
  return { t, word, day, number };
}

const list = (items: readonly string[], empty: string) => (items.length ? `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>` : `<p class="empty">${empty}</p>`);

const records = (data: ExportData, key: string): ExportRecord[] => data.json.collections[key] ?? [];

/** The page, in `data.language`. */
export function renderExportHtml(data: ExportData): string {
  const { t, word, day, number } = wordsOf(data.language);
  const { subject, exportedAt } = data.json;
  const user = records(data, 'users')[0] ?? {};
  /** Scores `{strand: n}` as `Strand n, Strand n`. */
  const scores = (value: unknown) =>
    value && typeof value === 'object'
      ? Object.entries(value as Record<string, unknown>)
          .map(([k, v]) => `${word('strand', k)} ${escapeHtml(v)}`)
          .join(', ')
      : '';
  const quoted = (comment: unknown) => (comment ? ` — “${escapeHtml(comment)}”` : '');

  const courses = [
    ...records(data, 'enrollments').map((e) => {
      const course = e.courseTitle ?? text(data.language, 'export.aCourse');
      return e.completedAt ? t('export.completed', { course, date: day(e.completedAt) }) : escapeHtml(course);
    }),
    ...records(data, 'courses').map((c) => t('export.youTeach', { course: c.title })),
  ];
  const assessments = records(data, 'assessments').map((a) => t('export.assessment', { date: day(a.createdAt), level: { html: word('level', a.level) }, mean: number(a.mean) }));
  const feedbackOf = new Map(records(data, 'feedbacks').map((f) => [String(f.recordingId), f]));
  const recordings = records(data, 'recordings').map((r) => {
    const feedback = feedbackOf.get(String(r.id));
    const audio =
      typeof r.fileInArchive === 'string'
        ? ` <a href="${escapeHtml(r.fileInArchive)}">${t('export.listen')}</a>`
        : r.audioRemovedAt
          ? `<br>${typeof r.audioRemovedAfterDays === 'number' ? t('export.audioRemoved', { days: r.audioRemovedAfterDays }) : t('export.audioRemovedNoDays')}`
          : '';
    const said = feedback
      ? `<br>${feedback.teacherName ? t('export.feedbackFrom', { name: feedback.teacherName }) : t('export.feedback')} ${scores(feedback.strands)}${quoted(feedback.comment)}`
      : `<br>${t('export.noFeedback')}`;
    const task = r.taskTitle ?? text(data.language, 'export.aTask');
    return `${t('export.sent', { task, course: r.courseTitle ?? '', date: day(r.submittedAt) })}${audio}${said}`;
  });
  const written = records(data, 'feedbacks')
    .filter((f) => f.studentName !== undefined)
    .map((f) => `${t('export.forStudent', { date: day(f.createdAt), name: f.studentName ?? text(data.language, 'export.aDeletedStudent') })} ${scores(f.strands)}${quoted(f.comment)}`);
  const complaints = records(data, 'complaints').map(
    (c) =>
      `<strong>${escapeHtml(c.title)}</strong> (${escapeHtml(day(c.createdAt))}, ${word('status', c.status ?? 'onHold')})<br>${escapeHtml(c.description)}` +
      (c.moderationNote ? `<br>${t('export.adminNote')} “${escapeHtml(c.moderationNote)}”` : ''),
  );
  // who other than the student opened their data: name, role, what and when (never an address).
  const opened = records(data, 'accesslogentries').map((e) =>
    t('export.opened', { date: day(e.at), name: e.actorName ?? DELETED_USER_NAME, role: { html: word('role', e.actorRole) }, what: { html: word('what', e.what) } }),
  );
  const sections = [
    `<h2>${t('export.courses')}</h2>${list(courses, t('export.noCourses'))}`,
    `<h2>${t('export.selfAssessments')}</h2>${list(assessments, t('export.noSelfAssessments'))}`,
    `<h2>${t('export.recordings')}</h2>${list(recordings, t('export.noRecordings'))}`,
    ...(written.length ? [`<h2>${t('export.feedbackYouWrote')}</h2>${list(written, '')}`] : []),
    `<h2>${t('export.complaints')}</h2>${list(complaints, t('export.noComplaints'))}`,
    ...(opened.length ? [`<h2>${t('export.whoOpened')}</h2>${list(opened, '')}`] : []),
  ];
  return `<!doctype html>
<html lang="${HTML_LANG[data.language]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; media-src 'self'">
<title>${t('export.title', { name: subject.name })}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:40rem;padding:1rem;line-height:1.5;color:#1b1b1b;background:#fff}
h1{font-size:1.5rem}h2{font-size:1.15rem;margin-top:1.5rem;border-bottom:1px solid #ccc}
ul{padding-left:1.2rem}li{margin:.4rem 0;overflow-wrap:anywhere}.empty{color:#555}
</style>
</head>
<body>
<h1>${t('export.heading')}</h1>
<p><strong>${escapeHtml(subject.name)}</strong> — ${word('role', subject.role)}${user.email ? `<br>${escapeHtml(user.email)}` : ''}</p>
<p>${t('export.madeOn', { date: day(exportedAt) })} ${t('export.archive', { dataJson: { html: '<code>data.json</code>' }, files: { html: '<code>files</code>' } })}</p>
${sections.join('\n')}
</body>
</html>
`;
}
