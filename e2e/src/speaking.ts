import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type PlaywrightWorkerArgs } from '@playwright/test';
import { DEMO, registerStudent } from './utils';

/** The signed-in user's id in a request context. */
export async function idOf(request: APIRequestContext): Promise<string> {
  return ((await (await request.get('/auth/current_user')).json()) as { id: string }).id;
}

/** What a journey's speaking task asks (docs/product.md#speaking-tasks); the title gets a random tag. */
export interface TaskSpec {
  title: string;
  prompt: string;
  focusStrands: readonly string[];
  maxSeconds: number;
}

/**
 * A class of its own for a speaking-practice journey, set up through the API: a new student
 * (first name Kit), a new course of the demo teacher with the student enrolled (by the admin), and
 * the teacher's speaking task `spec` in it, titled "{spec.title} {tag}".
 * @returns the student, the task's id and title, and `staff`: a request context signed in as the
 *   demo teacher (dispose of it at the end)
 */
export async function speakingClass(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string | undefined, spec: TaskSpec) {
  const tag = randomBytes(3).toString('hex');
  const studentApi = await playwright.request.newContext({ baseURL });
  const student = await registerStudent(studentApi, 'Kit');
  await studentApi.dispose();

  const staff = await playwright.request.newContext({ baseURL });
  await staff.post('/auth/login', { data: { email: DEMO.teacher, password: DEMO.password } });
  const teacherId = await idOf(staff);
  await staff.post('/auth/login', { data: { email: DEMO.admin, password: DEMO.password } });
  const course = await staff.post('/api/admin/courses', {
    data: { title: `Voice lab ${tag}`, description: 'Short spoken answers.', instructorId: teacherId, duration: 4, startDate: '2026-09-01', endDate: '2027-06-30', status: 'active' },
  });
  expect(course.status()).toBe(201);
  const courseId = ((await course.json()) as { id: string }).id;
  expect((await staff.post(`/api/admin/students/${student.id}/assign-courses`, { data: { courses: [courseId] } })).status()).toBe(200);
  await staff.post('/auth/login', { data: { email: DEMO.teacher, password: DEMO.password } });
  const title = `${spec.title} ${tag}`;
  const task = await staff.post('/api/teacher/speaking-tasks', { data: { ...spec, courseId, title } });
  expect(task.status()).toBe(201);
  const taskId = ((await task.json()) as { id: string }).id;
  return { student, taskId, title, staff };
}
