import { HTML_LANG, LOCALES, fillText } from '../auth/pageTexts.js';
import { DELETED_USER_NAME } from '../chat/presenter.js';
import type { Language } from '../platform/http/fields.js';
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

/** The page's words in each language. `{name}` stands for a value. */
const EXPORT_TEXTS = {
  English: {
    heading: 'Your data in Oracy',
    title: 'Your data in Oracy — {name}',
    madeOn: 'Made on {date}.',
    archive: '{dataJson} in this archive holds everything Oracy keeps about you; the folder {files} holds your recordings and files.',
    courses: 'Courses',
    noCourses: 'No courses.',
    aCourse: 'A course',
    completed: '{course} — completed {date}',
    youTeach: '{course} (you teach it)',
    selfAssessments: 'Self-assessments',
    noSelfAssessments: 'No self-assessments.',
    assessment: '{date}: {level} (mean {mean})',
    recordings: 'Recordings and feedback',
    noRecordings: 'No recordings.',
    aTask: 'A speaking task',
    sent: '{task} ({course}), sent {date}',
    listen: 'Listen',
    audioRemoved: 'Audio removed after {days} days under your school’s retention policy.',
    audioRemovedNoDays: 'Audio removed under your school’s retention policy.',
    feedbackFrom: 'Feedback from {name}:',
    feedback: 'Feedback:',
    noFeedback: 'No feedback yet.',
    feedbackYouWrote: 'Feedback you wrote',
    forStudent: '{date}, for {name}:',
    aDeletedStudent: 'a deleted student',
    complaints: 'Complaints',
    noComplaints: 'No complaints.',
    adminNote: 'Note from the admin:',
    whoOpened: 'Who opened your data',
    opened: '{date}: {name} ({role}) opened {what}',
    'what.recording_audio': 'a recording',
    'what.oracy_profile': 'your Oracy profile',
    'what.privacy_export': 'your data export',
    'what.recording_transcript': 'the transcript of a recording',
    'role.admin': 'Admin',
    'role.teacher': 'Teacher',
    'role.student': 'Student',
    'level.Beginner': 'Beginner',
    'level.Developing': 'Developing',
    'level.Proficient': 'Proficient',
    'level.Advanced': 'Advanced',
    'strand.linguistic': 'Linguistic',
    'strand.cognitive': 'Cognitive',
    'strand.socialEmotional': 'Social & Emotional',
    'strand.physical': 'Physical',
    'status.approved': 'Approved',
    'status.disapproved': 'Disapproved',
    'status.onHold': 'On Hold',
  },
  Spanish: {
    heading: 'Tus datos en Oracy',
    title: 'Tus datos en Oracy — {name}',
    madeOn: 'Generado el {date}.',
    archive: '{dataJson} en este archivo contiene todo lo que Oracy guarda sobre ti; la carpeta {files} contiene tus grabaciones y archivos.',
    courses: 'Cursos',
    noCourses: 'Sin cursos.',
    aCourse: 'Un curso',
    completed: '{course} — completado el {date}',
    youTeach: '{course} (lo impartes tú)',
    selfAssessments: 'Autoevaluaciones',
    noSelfAssessments: 'Sin autoevaluaciones.',
    assessment: '{date}: {level} (media {mean})',
    recordings: 'Grabaciones y comentarios',
    noRecordings: 'Sin grabaciones.',
    aTask: 'Una tarea oral',
    sent: '{task} ({course}), enviada el {date}',
    listen: 'Escuchar',
    audioRemoved: 'Audio eliminado a los {days} días según la política de conservación de tu centro.',
    audioRemovedNoDays: 'Audio eliminado según la política de conservación de tu centro.',
    feedbackFrom: 'Comentarios de {name}:',
    feedback: 'Comentarios:',
    noFeedback: 'Todavía sin comentarios.',
    feedbackYouWrote: 'Comentarios que escribiste',
    forStudent: '{date}, para {name}:',
    aDeletedStudent: 'un estudiante eliminado',
    complaints: 'Reclamaciones',
    noComplaints: 'Sin reclamaciones.',
    adminNote: 'Nota de la administración:',
    whoOpened: 'Quién abrió tus datos',
    opened: '{date}: {name} ({role}) abrió {what}',
    'what.recording_audio': 'una grabación',
    'what.oracy_profile': 'tu perfil de expresión oral',
    'what.privacy_export': 'tu exportación de datos',
    'what.recording_transcript': 'la transcripción de una grabación',
    'role.admin': 'Administrador',
    'role.teacher': 'Profesor',
    'role.student': 'Estudiante',
    'level.Beginner': 'Inicial',
    'level.Developing': 'En desarrollo',
    'level.Proficient': 'Competente',
    'level.Advanced': 'Avanzado',
    'strand.linguistic': 'Lingüística',
    'strand.cognitive': 'Cognitiva',
    'strand.socialEmotional': 'Social y emocional',
    'strand.physical': 'Física',
    'status.approved': 'Aprobada',
    'status.disapproved': 'Rechazada',
    'status.onHold': 'En espera',
  },
  French: {
    heading: 'Vos données dans Oracy',
    title: 'Vos données dans Oracy — {name}',
    madeOn: 'Généré le {date}.',
    archive: 'Le fichier {dataJson} de cette archive contient tout ce qu’Oracy conserve à votre sujet ; le dossier {files} contient vos enregistrements et vos fichiers.',
    courses: 'Cours',
    noCourses: 'Aucun cours.',
    aCourse: 'Un cours',
    completed: '{course} — terminé le {date}',
    youTeach: '{course} (vous l’enseignez)',
    selfAssessments: 'Auto-évaluations',
    noSelfAssessments: 'Aucune auto-évaluation.',
    assessment: '{date} : {level} (moyenne {mean})',
    recordings: 'Enregistrements et commentaires',
    noRecordings: 'Aucun enregistrement.',
    aTask: 'Une tâche orale',
    sent: '{task} ({course}), envoyé le {date}',
    listen: 'Écouter',
    audioRemoved: 'Audio supprimé après {days} jours selon la politique de conservation de votre établissement.',
    audioRemovedNoDays: 'Audio supprimé selon la politique de conservation de votre établissement.',
    feedbackFrom: 'Commentaires de {name} :',
    feedback: 'Commentaires :',
    noFeedback: 'Pas encore de commentaires.',
    feedbackYouWrote: 'Commentaires que vous avez écrits',
    forStudent: '{date}, pour {name} :',
    aDeletedStudent: 'un élève supprimé',
    complaints: 'Réclamations',
    noComplaints: 'Aucune réclamation.',
    adminNote: 'Note de l’administration :',
    whoOpened: 'Qui a ouvert vos données',
    opened: '{date} : {name} ({role}) a ouvert {what}',
    'what.recording_audio': 'un enregistrement',
    'what.oracy_profile': 'votre profil d’expression orale',
    'what.privacy_export': 'votre export de données',
    'what.recording_transcript': 'la transcription d’un enregistrement',
    'role.admin': 'Administrateur',
    'role.teacher': 'Enseignant',
    'role.student': 'Élève',
    'level.Beginner': 'Débutant',
    'level.Developing': 'En progression',
    'level.Proficient': 'Confirmé',
    'level.Advanced': 'Avancé',
    'strand.linguistic': 'Linguistique',
    'strand.cognitive': 'Cognitive',
    'strand.socialEmotional': 'Sociale et émotionnelle',
    'strand.physical': 'Physique',
    'status.approved': 'Approuvée',
    'status.disapproved': 'Refusée',
    'status.onHold': 'En attente',
  },
} as const satisfies Record<Language, Record<string, string>>;

type ExportTextKey = keyof (typeof EXPORT_TEXTS)['English'];

/** `text` with `& < > " '` escaped for HTML text and attribute values. */
export function escapeHtml(text: unknown): string {
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- any stored value prints as its own text
  return String(text ?? '').replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

/** The page's words in one language; every value is escaped unless it is marked as HTML already. */
function wordsOf(language: Language) {
  const texts: Readonly<Record<string, string>> = EXPORT_TEXTS[language];
  const locale = LOCALES[language];
  /** `key`'s text (escaped), with `values` filled in: plain values escaped, `{html}` ones as they are. */
  const t = (key: ExportTextKey, values: Record<string, unknown> = {}) =>
    fillText(
      escapeHtml(texts[key]),
      Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v && typeof v === 'object' && 'html' in v ? String((v as { html: string }).html) : escapeHtml(v)])),
    );
  /** A known word (a role, level, strand or status) in this language, or the value itself escaped. */
  const word = (prefix: string, value: unknown) => (`${prefix}.${String(value)}` in texts ? escapeHtml(texts[`${prefix}.${String(value)}`]) : escapeHtml(value));
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
      const course = e.courseTitle ?? EXPORT_TEXTS[data.language].aCourse;
      return e.completedAt ? t('completed', { course, date: day(e.completedAt) }) : escapeHtml(course);
    }),
    ...records(data, 'courses').map((c) => t('youTeach', { course: c.title })),
  ];
  const assessments = records(data, 'assessments').map((a) => t('assessment', { date: day(a.createdAt), level: { html: word('level', a.level) }, mean: number(a.mean) }));
  const feedbackOf = new Map(records(data, 'feedbacks').map((f) => [String(f.recordingId), f]));
  const recordings = records(data, 'recordings').map((r) => {
    const feedback = feedbackOf.get(String(r.id));
    const audio =
      typeof r.fileInArchive === 'string'
        ? ` <a href="${escapeHtml(r.fileInArchive)}">${t('listen')}</a>`
        : r.audioRemovedAt
          ? `<br>${typeof r.audioRemovedAfterDays === 'number' ? t('audioRemoved', { days: r.audioRemovedAfterDays }) : t('audioRemovedNoDays')}`
          : '';
    const said = feedback
      ? `<br>${feedback.teacherName ? t('feedbackFrom', { name: feedback.teacherName }) : t('feedback')} ${scores(feedback.strands)}${quoted(feedback.comment)}`
      : `<br>${t('noFeedback')}`;
    const task = r.taskTitle ?? EXPORT_TEXTS[data.language].aTask;
    return `${t('sent', { task, course: r.courseTitle ?? '', date: day(r.submittedAt) })}${audio}${said}`;
  });
  const written = records(data, 'feedbacks')
    .filter((f) => f.studentName !== undefined)
    .map((f) => `${t('forStudent', { date: day(f.createdAt), name: f.studentName ?? EXPORT_TEXTS[data.language].aDeletedStudent })} ${scores(f.strands)}${quoted(f.comment)}`);
  const complaints = records(data, 'complaints').map(
    (c) =>
      `<strong>${escapeHtml(c.title)}</strong> (${escapeHtml(day(c.createdAt))}, ${word('status', c.status ?? 'onHold')})<br>${escapeHtml(c.description)}` +
      (c.moderationNote ? `<br>${t('adminNote')} “${escapeHtml(c.moderationNote)}”` : ''),
  );
  // who other than the student opened their data: name, role, what and when (never an address).
  const opened = records(data, 'accesslogentries').map((e) =>
    t('opened', { date: day(e.at), name: e.actorName ?? DELETED_USER_NAME, role: { html: word('role', e.actorRole) }, what: { html: word('what', e.what) } }),
  );
  const sections = [
    `<h2>${t('courses')}</h2>${list(courses, t('noCourses'))}`,
    `<h2>${t('selfAssessments')}</h2>${list(assessments, t('noSelfAssessments'))}`,
    `<h2>${t('recordings')}</h2>${list(recordings, t('noRecordings'))}`,
    ...(written.length ? [`<h2>${t('feedbackYouWrote')}</h2>${list(written, '')}`] : []),
    `<h2>${t('complaints')}</h2>${list(complaints, t('noComplaints'))}`,
    ...(opened.length ? [`<h2>${t('whoOpened')}</h2>${list(opened, '')}`] : []),
  ];
  return `<!doctype html>
<html lang="${HTML_LANG[data.language]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; media-src 'self'">
<title>${t('title', { name: subject.name })}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:40rem;padding:1rem;line-height:1.5;color:#1b1b1b;background:#fff}
h1{font-size:1.5rem}h2{font-size:1.15rem;margin-top:1.5rem;border-bottom:1px solid #ccc}
ul{padding-left:1.2rem}li{margin:.4rem 0;overflow-wrap:anywhere}.empty{color:#555}
</style>
</head>
<body>
<h1>${t('heading')}</h1>
<p><strong>${escapeHtml(subject.name)}</strong> — ${word('role', subject.role)}${user.email ? `<br>${escapeHtml(user.email)}` : ''}</p>
<p>${t('madeOn', { date: day(exportedAt) })} ${t('archive', { dataJson: { html: '<code>data.json</code>' }, files: { html: '<code>files</code>' } })}</p>
${sections.join('\n')}
</body>
</html>
`;
}
