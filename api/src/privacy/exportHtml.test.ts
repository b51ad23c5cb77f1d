import { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { Feedback, Recording } from '../speaking/model.js';
import { User } from '../people/userModel.js';
import { readSchoolLanguage } from '../settings/language.js';
import { createUser } from '../test/factories.js';
import { collectExportData } from './exportData.js';
import { renderExportHtml } from './exportHtml.js';

/** docs/product.md#download-my-data: the readable page of an export, and recordings whose audio the retention removed. */

/** A student who chose `language`, with one reviewed recording whose audio the retention removed after 365 days. */
async function studentWithRemovedAudio(language: 'Spanish' | 'French' | null) {
  const { user } = await createUser({ role: 3, firstName: 'Lucía' });
  await User.updateOne({ _id: user._id }, { $set: { language } });
  const teacher = (await createUser({ role: 2, firstName: 'Tomás' })).user;
  const recording = await Recording.create({
    taskId: new Types.ObjectId(),
    studentId: user._id,
    courseId: new Types.ObjectId(),
    file: { name: `gone-${user.id}.webm`, type: 'audio/webm', size: 1000 },
    durationMs: 2000,
    submittedAt: new Date('2025-09-01T10:00:00Z'),
    status: 'reviewed',
    audioRemovedAt: new Date('2026-09-02T03:30:00Z'),
    audioRemovedAfterDays: 365,
  });
  await Feedback.create({ recordingId: recording._id, teacherId: teacher._id, studentId: user._id, strands: { linguistic: 4 }, comment: 'Muy clara.' });
  return { user, teacher, recording };
}

describe('the export of a recording whose audio the retention removed', () => {
  it('lists no file for it, says why in data.json and on the page, and keeps its feedback', async () => {
    const { user, teacher, recording } = await studentWithRemovedAudio(null);
    const data = (await collectExportData(user.id))!;
    expect(data.files.filter((f) => f.store === 'recordings')).toEqual([]);
    const record = data.json.collections.recordings!.find((r) => r.id === String(recording._id))!;
    expect(record).toMatchObject({ fileInArchive: null, audioRemovedAt: '2026-09-02T03:30:00.000Z', audioRemovedAfterDays: 365 });
    expect(record).not.toHaveProperty('fileMissing');
    const html = renderExportHtml(data);
    expect(html).toContain('Audio removed after 365 days under your school’s retention policy.');
    expect(html).toContain(`Feedback from ${teacher.name}: Linguistic 4 — “Muy clara.”`);
    expect(html).not.toContain('<a href=');
  });
});

describe('index.html speaks the person’s language', () => {
  it('uses the language the student chose: words, dates, levels and strands', async () => {
    const { user, teacher } = await studentWithRemovedAudio('Spanish');
    const data = (await collectExportData(user.id, new Date('2026-11-27T08:00:00Z')))!;
    expect(data.language).toBe('Spanish');
    const html = renderExportHtml(data);
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('<h1>Tus datos en Oracy</h1>');
    expect(html).toContain('Generado el 27 nov 2026.');
    expect(html).toContain('Audio eliminado a los 365 días según la política de conservación de tu centro.');
    expect(html).toContain(`Comentarios de ${teacher.name}: Lingüística 4`);
    expect(html).toContain('<h2>Reclamaciones</h2><p class="empty">Sin reclamaciones.</p>');
    expect(html).toContain('— Estudiante');
  });

  it('follows the school’s language when the person chose none, and escapes what people wrote', async () => {
    const { user } = await studentWithRemovedAudio('French');
    await User.updateOne({ _id: user._id }, { $set: { firstName: '<b>Zoé</b>', name: '<b>Zoé</b> X' } });
    const data = (await collectExportData(user.id))!;
    const html = renderExportHtml(data);
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('Vos données dans Oracy — &lt;b&gt;Zoé&lt;/b&gt; X');
    expect(html).not.toContain('<b>Zoé</b>');
    // without a choice of their own: the school's language, whichever an admin saved.
    await User.updateOne({ _id: user._id }, { $set: { language: null } });
    expect((await collectExportData(user.id))!.language).toBe(await readSchoolLanguage());
  });
});
