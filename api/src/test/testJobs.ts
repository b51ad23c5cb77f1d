/**
 * The jobs the job runner's own tests declare (`api/src/platform/jobs/jobs.test.ts`, `test/jobChild.ts`):
 * any name under `test.`, with a loose payload of the fields those tests use.
 */
export interface TestJobPayload {
  n?: number;
  what?: string;
  v?: number;
}

/** A job name of the runner's tests. */
export type TestJobName = `test.${string}`;

declare module '../platform/jobs/index.js' {
  interface JobPayloads {
    [name: TestJobName]: TestJobPayload;
  }
}
