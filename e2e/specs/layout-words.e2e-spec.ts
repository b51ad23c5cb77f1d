import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../src/fixtures';
import { lineCount, midWordBreaks, setTextSize } from '../src/layoutChecks';
import { DEMO, registerStudent } from '../src/utils';

/*
 * Words and layout on a 360×740 phone (docs/product.md#self-assessment,
 * docs/product.md#answering-a-speaking-task, docs/product.md#language): the 5-point scale is one
 * row, tab labels and the scale break only between words, `<html lang>` follows the language, and
 * the Record button is in the first screen. Each journey registers its own student and chooses
 * its language for that student alone (`PUT /api/user/language`), so the school's language and
 * the demo accounts stay as they are.
 */

test.skip(({ viewport }) => (viewport?.width ?? 0) > 400, 'phone-sized checks');

/** Chooses the signed-in student's own language and opens `path` in it. */
async function inLanguage(page: Page, language: 'English' | 'Spanish' | 'French', path: string): Promise<void> {
  expect((await page.request.put('/api/user/language', { data: { language } })).ok()).toBe(true);
  await page.goto(path);
}

/** Enrols a student in the demo teacher's first course (the one with speaking tasks), as the demo admin. */
async function enrolInDemoCourse(request: APIRequestContext, studentId: string): Promise<void> {
  await request.post('/auth/login', { data: { email: DEMO.teacher, password: DEMO.password } });
  const teacherId = ((await (await request.get('/auth/current_user')).json()) as { id: string }).id;
  const [course] = (await (await request.get(`/api/teacher/courses/${teacherId}`)).json()) as { id: string }[];
  await request.post('/auth/login', { data: { email: DEMO.admin, password: DEMO.password } });
  expect((await request.post(`/api/admin/students/${studentId}/assign-courses`, { data: { courses: [course!.id] } })).status()).toBe(200);
}

/** The tops of the first statement's five options, px. */
async function optionTops(page: Page): Promise<number[]> {
  const options = page.locator('ion-radio-group').first().locator('ion-radio');
  await expect(options).toHaveCount(5);
  return Promise.all((await options.all()).map(async (option) => Math.round((await option.boundingBox())!.y)));
}

for (const [language, code, first, last] of [
  ['English', 'en', 'Strongly Disagree', 'Strongly Agree'],
  ['Spanish', 'es', 'Totalmente en desacuerdo', 'Totalmente de acuerdo'],
  ['French', 'fr', 'Pas du tout d’accord', 'Tout à fait d’accord'],
] as const) {
  test(`the self-assessment's scale is one row without mid-word breaks, and <html lang> is "${code}" (${language})`, async ({ page }) => {
    await registerStudent(page.request, 'Scale');
    await inLanguage(page, language, '/');
    await expect(page.locator('html')).toHaveAttribute('lang', code);
    const group = page.locator('ion-radio-group').first();
    await expect(group.locator('ion-radio').first()).toHaveText(first);
    await expect(group.locator('ion-radio').last()).toHaveText(last);

    const tops = await optionTops(page);
    expect(new Set(tops).size, `the options' tops ${tops.join(', ')}`).toBe(1);
    expect(await midWordBreaks(page, 'ion-radio.radio-field__option')).toEqual([]);

    // With twice the text the five options still share one row.
    await setTextSize(page, 200);
    const large = await optionTops(page);
    expect(new Set(large).size, `the options' tops at 200 % ${large.join(', ')}`).toBe(1);
  });
}

test('the mid-word check finds a word cut mid-letter, and passes one that wraps between words', async ({ page }) => {
  await page.goto('/login');
  await page.evaluate(() => {
    const cut = document.createElement('p');
    cut.className = 'probe-cut';
    cut.style.cssText = 'width:60px;overflow-wrap:anywhere;font-size:16px';
    cut.textContent = 'Conversaciones';
    const whole = document.createElement('p');
    whole.className = 'probe-whole';
    whole.style.cssText = 'width:60px;font-size:16px';
    whole.textContent = 'Mi expresión oral';
    document.body.append(cut, whole);
  });
  expect((await midWordBreaks(page, '.probe-cut')).length).toBeGreaterThan(0);
  expect(await midWordBreaks(page, '.probe-whole')).toEqual([]);
  expect(await lineCount(page, '.probe-whole')).toEqual([3]);
});

test('the tab bar breaks labels only between words, in two lines at most, with whole icons (English and Spanish)', async ({ page }) => {
  await registerStudent(page.request, 'Tabs');
  for (const language of ['English', 'Spanish'] as const) {
    await inLanguage(page, language, '/student/dashboard');
    const labels = page.locator('ion-tab-bar .role-tabs__label');
    await expect(labels.first()).toBeVisible();
    expect(await midWordBreaks(page, 'ion-tab-bar .role-tabs__label'), language).toEqual([]);
    for (const lines of await lineCount(page, 'ion-tab-bar .role-tabs__label')) expect(lines, language).toBeLessThanOrEqual(2);
    const icons = await page.locator('ion-tab-bar ion-tab-button ion-icon').evaluateAll((all) => all.map((icon) => Math.round(icon.getBoundingClientRect().height)));
    expect(new Set(icons).size, `${language} icon heights ${icons.join(', ')}`).toBe(1);
  }
});

test('the Record button is in the first screen of a speaking task, above the tab bar', async ({ page, playwright, baseURL }) => {
  const student = await registerStudent(page.request, 'Record');
  const staff = await playwright.request.newContext({ baseURL });
  await enrolInDemoCourse(staff, student.id);
  await staff.dispose();

  const tasks = (await (await page.request.get(`/api/student/speaking-tasks/${student.id}`)).json()) as { id: string }[];
  expect(tasks.length).toBeGreaterThan(0);
  for (const language of ['English', 'Spanish'] as const) {
    await inLanguage(page, language, `/student/speaking/${tasks[0]!.id}`);
    const record = page.getByRole('button', { name: language === 'English' ? 'Record' : 'Grabar', exact: true });
    await expect(record).toBeVisible();
    const box = (await record.boundingBox())!;
    const tabBar = (await page.locator('ion-tab-bar').boundingBox())!;
    expect(await page.evaluate(() => document.querySelector('ion-content')?.shadowRoot?.querySelector('.inner-scroll')?.scrollTop ?? 0)).toBe(0);
    expect(box.y, language).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, `${language}: the button's bottom against the tab bar's top`).toBeLessThanOrEqual(tabBar.y);
  }
});
