import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { childProcesses, commandLine, until } from '../../test/processes.js';
import { openSocket, connected } from '../../test/testServer.js';

// Real processes (docs/architecture.md#when-the-database-stops): `node src/server.ts` with a data
// folder of its own, whose FerretDB child is killed with SIGKILL while a signed-in student writes.

const API_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
/** A request that has not answered after this long counts as a hang, in ms. */
const HANG_MS = 5000;

interface RunningApi {
  process: ChildProcess;
  url: string;
  /** Everything it printed so far, stdout and stderr. */
  output: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

const started: Array<{ api: RunningApi; dataDir: string }> = [];
afterEach(async () => {
  for (const { api, dataDir } of started.splice(0)) {
    if (api.process.exitCode === null && api.process.signalCode === null) {
      api.process.kill('SIGKILL');
      await api.exited;
    }
    // the database child follows its parent (it exits when its standard input closes).
    await until(() => !childProcesses(process.pid).includes(api.process.pid!), 'the server is reaped', 5000).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/** Starts the API on a free port with a fresh `DATA_DIR`; resolves once it says it is running. */
async function startApi(env: Record<string, string>): Promise<RunningApi> {
  const dataDir = mkdtempSync(join(tmpdir(), 'oracy-supervision-'));
  // node itself with tsx's loader: the tsx command would run the server in a grandchild.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const api: RunningApi = { process: child, url: '', output: () => output, stderr: () => stderr, exited };
  started.push({ api, dataDir });
  await until(() => /Oracy is running at/.test(output) || child.exitCode !== null, 'the server starts', 90_000);
  const port = /Oracy is running at http:\/\/localhost:(\d+)/.exec(output)?.[1];
  if (!port) throw new Error(`the server did not start:\n${output}`);
  api.url = `http://127.0.0.1:${port}`;
  return api;
}

/** The server's embedded-database child: the one child process started with `-data`. */
function databaseChild(api: RunningApi): number | undefined {
  return childProcesses(api.process.pid!).find((pid) => commandLine(pid).includes(' -data '));
}

/** Signs a demo account in; returns its id and the cookie header. */
async function signIn(api: RunningApi, email: string): Promise<{ id: string; cookie: string }> {
  const res = await fetch(`${api.url}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: api.url },
    body: JSON.stringify({ email, password: 'oracy-demo' }),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers.getSetCookie()[0]!.split(';')[0]!;
  return { id: ((await res.json()) as { id: string }).id, cookie };
}

/** One complaint POST of the write load and what came of it (`status` 0: no answer within `HANG_MS`). */
interface Attempt {
  title: string;
  sentAt: number;
  answeredAt: number;
  status: number;
  body: string;
  retryAfter: string | null;
}

describe.skipIf(Boolean(process.env.TEST_MONGODB_URI))('the API when its embedded database is killed (real processes)', () => {
  it('answers 503 meanwhile, writes again within 10 s, and keeps every acknowledged write', async () => {
    const api = await startApi({ SEED_DEMO: '1' });
    const student = await signIn(api, 'student@oracy.test');
    const admin = await signIn(api, 'admin@oracy.test');
    const socket = openSocket(api.url, { headers: { Cookie: admin.cookie, Origin: api.url }, auth: { userId: admin.id, userRole: '1' } });
    await connected(socket);

    const attempts: Attempt[] = [];
    let stop = false;
    let n = 0;
    const writer = async () => {
      while (!stop) {
        const title = `Load ${++n}`;
        const sentAt = performance.now();
        try {
          const res = await fetch(`${api.url}/api/student/complaints`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Origin: api.url, Cookie: student.cookie },
            body: JSON.stringify({ title, description: 'Written under load while the database is killed.' }),
            signal: AbortSignal.timeout(HANG_MS),
          });
          attempts.push({ title, sentAt, answeredAt: performance.now(), status: res.status, body: await res.text(), retryAfter: res.headers.get('Retry-After') });
        } catch (err) {
          attempts.push({ title, sentAt, answeredAt: performance.now(), status: 0, body: String(err), retryAfter: null });
        }
        if (attempts.at(-1)!.status === 503) await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const writers = [writer(), writer()];

    await until(() => attempts.filter((a) => a.status === 201).length >= 20, 'steady writes before the crash', 30_000);
    const victim = databaseChild(api);
    expect(victim).toBeDefined();
    const killedAt = performance.now();
    process.kill(victim!, 'SIGKILL');

    // a discussion message while the database is away: acknowledged late or refused, never silence.
    const chatAnswer = new Promise<string>((resolve) => {
      socket.once('messageAck', () => resolve('messageAck'));
      socket.once('messageError', (text: string) => resolve(`messageError: ${text}`));
    });
    socket.emit('message', { content: 'Sent while the database restarts', file: null, tempId: randomUUID() });

    const firstRefusal = () => attempts.find((a) => a.sentAt > killedAt && a.status !== 201);
    const recovered = () => {
      const refusal = firstRefusal();
      return refusal ? attempts.find((a) => a.sentAt >= refusal.answeredAt && a.status === 201) : undefined;
    };
    try {
      await until(() => recovered() !== undefined, `writes succeed again after the kill\n${api.output()}`, 10_000);
      const after = attempts.length;
      await until(() => attempts.slice(after).filter((a) => a.status === 201).length >= 20, 'steady writes after the restart', 20_000);
    } finally {
      stop = true;
      await Promise.all(writers);
    }

    const chat = await Promise.race([chatAnswer, new Promise<string>((resolve) => setTimeout(() => resolve('silence'), 15_000))]);
    const refusal = firstRefusal()!;
    const back = recovered()!;
    const toFirstWrite = Math.round(back.answeredAt - killedAt);
    console.log(
      `kill -9 of the database → first 503: ${Math.round(refusal.answeredAt - killedAt)} ms; ` +
        `→ first acknowledged write: ${toFirstWrite} ms ` +
        `(${attempts.filter((a) => a.status === 503).length} answered 503, ${attempts.filter((a) => a.status === 201).length} written; ` +
        `the chat message sent meanwhile: ${chat})`,
    );
    expect(toFirstWrite).toBeLessThan(10_000);
    // a 500 means an error the 503 mapping does not know: print the server's error lines to name it.
    if (attempts.some((a) => a.status === 500))
      console.log(
        'the server logged:',
        api
          .output()
          .split('\n')
          .filter((l) => /"level":(50|60)/.test(l))
          .join('\n')
          .slice(0, 6000),
      );
    // never a 500, never a hang: each answer is a write or a 503 `unavailable` with Retry-After.
    expect(attempts.filter((a) => a.status !== 201 && a.status !== 503)).toEqual([]);
    const unavailable = attempts.filter((a) => a.status === 503);
    expect(unavailable.length).toBeGreaterThan(0);
    for (const answer of unavailable) {
      expect(JSON.parse(answer.body)).toEqual({ error: { code: 'unavailable', message: expect.any(String) } });
      expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
    }

    // every acknowledged write is there, once; the database child is a new process.
    const listed = await fetch(`${api.url}/api/student/complaints?sId=${student.id}`, { headers: { Cookie: student.cookie } });
    expect(listed.status).toBe(200);
    const titles = ((await listed.json()) as Array<{ title: string }>).map((complaint) => complaint.title);
    const acknowledged = attempts.filter((a) => a.status === 201).map((a) => a.title);
    expect(acknowledged.filter((title) => !titles.includes(title))).toEqual([]);
    expect(titles.filter((title, i) => titles.indexOf(title) !== i)).toEqual([]);
    expect(databaseChild(api)).not.toBe(victim);

    expect(chat).toMatch(/^message(Ack|Error)/);
    socket.disconnect();
    expect(api.process.exitCode).toBeNull();
    expect((await fetch(`${api.url}/readyz`)).status).toBe(200);
  }, 120_000);

  it('exits non-zero with a clear message when the database stops five times within a minute', async () => {
    const api = await startApi({ SEED_DEMO: '0' });
    for (let crash = 1; crash <= 5; crash++) {
      await until(async () => (await fetch(`${api.url}/readyz`)).status === 200, `the database is back before crash ${crash}`, 15_000);
      const victim = databaseChild(api);
      expect(victim).toBeDefined();
      process.kill(victim!, 'SIGKILL');
      await until(() => databaseChild(api) !== victim, `crash ${crash} is seen`, 5000);
    }
    const code = await Promise.race([api.exited, new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 15_000))]);
    expect(code).toBe(1);
    expect(api.stderr()).toMatch(/Oracy stops because its database keeps stopping: The embedded database \(FerretDB\) stopped unexpectedly 5 times within 60 s; it is not restarted again\./);
  }, 120_000);
});
