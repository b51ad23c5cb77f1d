import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { act, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { appRoutes, type AppRoute } from '../../shell/routes';
import { noticeAnswer } from '../../test/answers';
import { courseFixture } from '../../test/courses';
import { mockFetch, USERS, type FakeRoute } from '../../test/fetchMock';
import { profileOf, snapshot, TEACHER_COURSES, TEACHER_STUDENTS, teacherOracyRoute } from '../../test/oracyFixtures';
import { reviewItemFixture, studentTaskFixture, teacherTaskFixture } from '../../test/speakingFixtures';
import { useFakeIndexedDb } from '../../test/fakeIndexedDb';
import { renderAt } from '../../test/renderApp';
import { installMessages, languageCode, setLanguage, t, type LanguageName } from './index';
import en from './messages/en.json';
import es from './messages/es.json';
import fr from './messages/fr.json';

/**
 * Every screen of the route table in Spanish and in French (docs/contributing.md#texts-and-languages):
 * signed in as a user of the screen's role whose language is Spanish or French (a screen anyone
 * opens: on a device that showed that language last), with the API answering a few lists and forms
 * ({@link ANSWERS}) and 404 to everything else, once the screen has settled (its language, its
 * translated document title, a heading, no spinner) no English text of the catalogues is left on it,
 * in its text or in an `aria-label`, `placeholder`, `title`, `alt` or `label`. A missing key throws
 * in tests, so it fails here too.
 */
useFakeIndexedDb();

// jsdom has no canvas: the charts are stubbed (their labels are tested with the dashboards).
vi.mock('react-chartjs-2', () => ({ Line: () => null, Bar: () => null, Doughnut: () => null, Radar: () => null }));

/**
 * Answers for the screens whose 404 would leave little to read (a list, a form); every other
 * request is answered 404 in the API's error shape, so error states are read too.
 */
const ANSWERS: Record<string, FakeRoute> = {
  'GET /api/admin/settings': {
    body: { language: 'English', backupFrequency: 'Daily', schoolName: 'Hillside School', privacyContact: 'privacy@hillside.example', updatedAt: null, updatedBy: null },
  },
  'GET /api/admin/backups': {
    body: {
      mode: 'embedded',
      frequency: 'Daily',
      nextRunAt: '2026-11-28T03:00:00.000Z',
      last: {
        startedAt: '2026-11-27T03:00:04.000Z',
        finishedAt: '2026-11-27T03:00:06.000Z',
        ok: true,
        size: 123_456,
        name: 'oracy-backup.tar.gz',
        trigger: 'manual',
        by: { id: 'u-admin', name: 'Ada Admin' },
      },
      running: false,
      archives: [{ name: 'oracy-backup.tar.gz', size: 123_456, createdAt: '2026-11-27T03:00:04.000Z' }],
    },
  },
  'GET /api/admin/courses': { body: [courseFixture('c1', 'Voice'), courseFixture('c2', 'Debate', { status: 'inactive' })] },
  'GET /api/admin/notice': { body: [noticeAnswer({ id: 'n1', title: 'Exam week', description: 'Quiet please.' })] },
  'GET /api/admin/complaints': { body: [] },
  'GET /api/teacher/courses/u-teacher': { body: TEACHER_COURSES },
  'GET /api/teacher/students/u-teacher': { body: TEACHER_STUDENTS },
  'GET /api/teacher/oracy/u-teacher': teacherOracyRoute,
  'GET /api/teacher/speaking-tasks/u-teacher': { body: [teacherTaskFixture('t1', 'Persuade us')] },
  'GET /api/teacher/recordings/u-teacher': { body: [reviewItemFixture('r1', 'Amy Ash')] },
  'GET /api/student/courses/u-student': { body: [courseFixture('c1', 'Voice')] },
  'GET /api/student/speaking-tasks/u-student': { body: [studentTaskFixture()] },
  'GET /api/student/oracy/u-student': {
    body: profileOf([snapshot(1, { linguistic: 3, cognitive: 2.5, socialEmotional: 4, physical: 3.5 }), snapshot(20, { linguistic: 3.5, cognitive: 3, socialEmotional: 4, physical: 2 })]),
  },
  'GET /api/student/complaints': { body: [] },
  'GET /api/teacher/complaints': { body: [] },
};

const CATALOGUES: Record<'es' | 'fr', Record<string, string>> = { es, fr };

/** The English messages without arguments, of two words or more, that `language` words otherwise. */
function englishTexts(language: 'es' | 'fr'): string[] {
  return Object.entries(en)
    .filter(([key, text]) => {
      if (text.trim().split(/\s+/).length < 2 || CATALOGUES[language][key] === text) return false;
      return parse(text).every((element) => element.type === TYPE.literal);
    })
    .map(([, text]) => text);
}

/** Made-up ids for the routes' parameters: those of {@link ANSWERS}' task, student and recording. */
const IDS: Record<string, string> = { taskId: 't1', studentId: 's1', recordingId: 'r1' };

/** The route's path with its parameters filled with made-up ids. */
function pathOf(route: AppRoute): string {
  return route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => IDS[name] ?? `fake-${name}`);
}

/** A user who may open the route: its role's, a student for a screen any signed-in user (or anyone) opens. */
function userFor(route: AppRoute) {
  if (Array.isArray(route.access)) {
    const role = (route.access as readonly number[])[0];
    return role === 1 ? USERS.admin : role === 2 ? USERS.teacher : USERS.student;
  }
  return USERS.student;
}

/** Every piece of text a person sees or hears on the page. */
function visibleTexts(): string[] {
  const texts = [document.body.textContent ?? ''];
  for (const element of document.body.querySelectorAll('[aria-label], [placeholder], [title], [alt], [label]')) {
    for (const name of ['aria-label', 'placeholder', 'title', 'alt', 'label']) {
      const value = element.getAttribute(name);
      if (value) texts.push(value);
    }
  }
  return texts;
}

const LANGUAGES: readonly LanguageName[] = ['Spanish', 'French'];
const CASES = LANGUAGES.flatMap((language) => appRoutes.map((route) => [language, route.path, route] as const));

describe('every screen speaks Spanish and French', { timeout: 20_000 }, () => {
  const english = { es: englishTexts('es'), fr: englishTexts('fr') };

  beforeEach(() => installMessages('en', en));

  it.each(CASES)('%s: %s', async (language, _path, route) => {
    const code = languageCode(language) as 'es' | 'fr';
    const user = { ...userFor(route), language };
    mockFetch({ ...ANSWERS, 'GET /auth/current_user': { body: user } });
    if (route.access === 'anyone') await act(() => setLanguage(code));
    renderAt(pathOf(route));

    await waitFor(() => {
      expect(document.documentElement.lang).toBe(code);
      expect(document.body.querySelector('h1')).not.toBeNull();
      expect(document.title).toBe(t('app.documentTitle', { title: t(route.title) }));
      expect(document.body.querySelector('ion-spinner, ion-progress-bar[type="indeterminate"], [aria-busy="true"]')).toBeNull();
    });
    // a last turn for what the screen shows once its answers are in
    await new Promise((resolve) => setTimeout(resolve, 50));

    const texts = visibleTexts();
    const left = english[code].filter((text) => texts.some((shown) => shown.includes(text)));
    expect(left).toEqual([]);
  });
});
