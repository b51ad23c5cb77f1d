#!/usr/bin/env node
// `npm run bench`: starts the production build against a fresh
// database filled by scripts/bench/generate.ts, pins the server side (Oracy,
// its database, the baselines) and the load side (autocannon, the socket
// clients, Chromium) to different cores where possible, measures, and prints
// one table:
//   1. API throughput of five signed-in calls against a bare node:http server
//      answering the same bytes, in the same run;
//   2. growth: the users page (no search, and a name search), the chat history page and,
//      unless oracy is skipped, the teacher's Oracy overview at BENCH_USERS and at
//      BENCH_LARGE records (also on MONGODB_URI when it is set);
//   3. chat fan-out: 100 admin sockets, one sender, 1 KB messages, against a
//      plain ws broadcast server;
//   4. front end: compressed bundle sizes, Lighthouse mobile on each role's home, and each
//      role's home on a slow-3G phone (slow3g.mjs): a first and a repeat visit;
//   5. the teacher's Oracy overview of BENCH_ORACY_STUDENTS students with
//      BENCH_ORACY_SUBMISSIONS self-assessments each: p50 / p99 latency, one request at a time;
//   7. the access log: an admin's read of a student's Oracy profile (logged) against the
//      student's own read of it (the same work, not logged), BENCH_ACCESS_LOG_READS of each,
//      interleaved, one at a time: the difference of the p50s is what an entry costs.
// Every figure that has a budget is a ratio or a size; nothing here is a
// timed test assertion. Sizes and durations come from the environment:
//   BENCH_USERS=1000 BENCH_MESSAGES=1000 BENCH_LARGE=20000 BENCH_DURATION=6 (s per row,
//   split into BENCH_ROUNDS=3 alternating baseline/Oracy rounds; the median round counts)
//   BENCH_WARMUP=1 (s) BENCH_CONNECTIONS=20 BENCH_FANOUT_MESSAGES=20 BENCH_FANOUT_ROUNDS=5 (bursts; the median counts)
//   BENCH_LIGHTHOUSE_RUNS=3 BENCH_SLOW3G_RUNS=3 BENCH_ORACY_STUDENTS=300 BENCH_ORACY_SUBMISSIONS=20
//   BENCH_ACCESS_LOG_READS=500
//   BENCH_SKIP=api,growth,fanout,lighthouse,slow3g,oracy,handshake,accesslog BENCH_NO_PIN=1
//   BENCH_CPU_PROFILE=<folder> (the server writes a V8 CPU profile there when it stops)
// The figures also go to .cache/bench/latest.json.
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { FIRST_LOAD_JS_BUDGET, analyzeBundle, kb } from './bundle.mjs';
import { PINNING, envInt, median, runJson, sleep, startChild, waitForLine } from './lib.mjs';
import { ms, num, ratio, renderTable, seconds, verdict } from './table.mjs';
import { ROOT, bin } from '../lib.mjs';

const config = {
  users: envInt('BENCH_USERS', 1000),
  messages: envInt('BENCH_MESSAGES', 1000),
  large: envInt('BENCH_LARGE', 20000),
  duration: envInt('BENCH_DURATION', 6),
  rounds: envInt('BENCH_ROUNDS', 3),
  warmup: envInt('BENCH_WARMUP', 1),
  connections: envInt('BENCH_CONNECTIONS', 20),
  fanoutMessages: envInt('BENCH_FANOUT_MESSAGES', 20),
  fanoutRounds: envInt('BENCH_FANOUT_ROUNDS', 5),
  lighthouseRuns: envInt('BENCH_LIGHTHOUSE_RUNS', 3),
  slow3gRuns: envInt('BENCH_SLOW3G_RUNS', 3),
  oracyStudents: envInt('BENCH_ORACY_STUDENTS', 300),
  oracySubmissions: envInt('BENCH_ORACY_SUBMISSIONS', 20),
  accessLogReads: envInt('BENCH_ACCESS_LOG_READS', 500),
  skip: new Set(
    (process.env.BENCH_SKIP ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  ),
};
const TSX = bin('api', 'tsx');
const NODE = process.execPath;
const here = (file) => join(ROOT, 'scripts', 'bench', file);
const work = mkdtempSync(join(tmpdir(), 'oracy-bench-'));
const log = (line) => console.error(`[bench] ${line}`);
const cleanups = [];

/** GET over node:http with no Accept-Encoding (as autocannon sends): `{status, type, headers, body}`. */
function httpGet(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, type: res.headers['content-type'] ?? '', headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * The p50 latency of two requests measured in turns, one at a time over one kept-alive connection,
 * after `reads / 10` turns of warm-up: `{a, b}` in ms.
 */
async function pairedP50(a, b, reads) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const once = (target) =>
    new Promise((resolve, reject) => {
      const start = performance.now();
      const req = request(target.url, { headers: target.headers, agent }, (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve(performance.now() - start) : reject(new Error(`${target.url} answered ${res.statusCode}`))));
      });
      req.on('error', reject);
      req.end();
    });
  const times = { a: [], b: [] };
  const warmup = Math.ceil(reads / 10);
  for (let i = 0; i < warmup + reads; i++) {
    const [x, y] = [await once(a), await once(b)];
    if (i >= warmup) {
      times.a.push(x);
      times.b.push(y);
    }
  }
  agent.destroy();
  const p50 = (xs) => [...xs].sort((p, q) => p - q)[Math.floor(xs.length / 2)];
  return { a: p50(times.a), b: p50(times.b) };
}

/** Starts the embedded FerretDB (the API's devdb program) on the server side; resolves its URI. */
async function startEmbeddedDatabase(dir) {
  const { ensureDevdbBinary } = await import('../../api/devdb/build.mjs');
  const binary = ensureDevdbBinary({ log });
  const db = startChild('server', binary, ['-data', dir, '-listen', '127.0.0.1:0', '-log-level', 'error']);
  cleanups.push(() => db.stop());
  const uri = await waitForLine(db.child, (line) => (line.startsWith('{') ? JSON.parse(line).uri : null), 60000, 'the embedded database');
  return uri;
}

/** Runs the generator (see generate.ts) against `uri`; resolves its JSON line. */
function generate(uri, args) {
  return runJson('load', TSX, [here('generate.ts'), '--uri', uri, ...args], { cwd: ROOT });
}

/** Starts Oracy's production server against `mongodbUri` on the server side; resolves its base URL. */
async function startOracy(name, mongodbUri) {
  const dataDir = join(work, `${name}-data`);
  mkdirSync(dataDir, { recursive: true });
  const logFile = join(work, `${name}.log`);
  const fd = openSync(logFile, 'a');
  const port = 0;
  // BENCH_CPU_PROFILE=<folder>: the server writes a V8 CPU profile there when it stops (for finding where time goes).
  const profile = process.env.BENCH_CPU_PROFILE;
  // The compiled API (npm run bench builds it first), as `npm start` runs it in production.
  const serverJs = join(ROOT, 'api', 'dist', 'server.js');
  const args = [...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []), '--enable-source-maps', serverJs];
  const command = NODE;
  const server = startChild('server', command, args, {
    cwd: join(ROOT, 'api'),
    stdio: ['ignore', fd, fd],
    // BACKUP_SCHEDULE=0: a fresh folder would otherwise be backed up at start, in the middle of a measurement.
    env: { ...process.env, NODE_ENV: 'production', SEED_DEMO: '0', BACKUP_SCHEDULE: '0', PORT: String(port), DATA_DIR: dataDir, MONGODB_URI: mongodbUri },
  });
  closeSync(fd);
  cleanups.push(() => server.stop());
  const started = Date.now();
  while (Date.now() - started < 120000) {
    const match = /Oracy is running at (http:\/\/localhost:\d+)/.exec(readFileSync(logFile, 'utf8'));
    if (match) return { url: match[1].replace('localhost', '127.0.0.1'), pid: server.child.pid, logFile, stop: () => server.stop() };
    if (server.child.exitCode !== null) break;
    await sleep(250);
  }
  throw new Error(`Oracy did not start; see ${logFile}:\n${readFileSync(logFile, 'utf8').slice(-2000)}`);
}

/** One autocannon run on the load side. */
function load(url, headers, connections = config.connections, duration = config.duration, warmup = config.warmup) {
  return runJson('load', NODE, [here('load.mjs'), JSON.stringify({ url, headers, connections, duration, warmup })]);
}

/** The name the users page is searched for in the growth rows: a first name of about one generated user in 16 (generate.ts). */
const GROWTH_SEARCH = 'mia';

/** Median time of 9 GETs of `url(i)`, one at a time, after one to warm up (`url(-1)`); throws unless each answers 200. */
async function medianOfGets(what, url, headers) {
  await httpGet(url(-1), headers);
  const samples = [];
  for (let i = 0; i < 9; i++) {
    const started = performance.now();
    const answer = await httpGet(url(i), headers);
    if (answer.status !== 200) throw new Error(`${what} answered ${answer.status}`);
    samples.push(performance.now() - started);
  }
  return median(samples);
}

/**
 * Median latency of the users page without a search and with a name search (`GROWTH_SEARCH`), of the chat history page and,
 * given `oracyTeacher`, of that teacher's Oracy overview, at the current size, each one request at a time.
 * `point` (1, 2, …) numbers the calls on one server. It picks the page sizes the users page is asked for — 10·point − 1 to warm up,
 * then 10·point to 10·point + 8, none asked before, so the server's 5 s read cache (api/src/platform/readCache.ts) never answers,
 * not even when the generator (another process, whose writes this server does not hear of) grew the users within 5 s — and the
 * chat admin who pages the history: another one each time, since the server allows one admin 30 page requests per 10 s.
 * The overview has no read cache.
 * @returns `{users, search, history, overview?}` in ms
 */
async function growthPoint(oracy, accounts, point, oracyTeacher) {
  const headers = { Cookie: `oracy_session=${accounts.admin.token}` };
  const page = (search) => (i) => `${oracy.url}/api/admin/users?page=1&limit=${10 * point + i}&search=${search}`;
  const users = await medianOfGets('the users page', page(''), headers);
  const search = await medianOfGets('the users page with a search', page(GROWTH_SEARCH), headers);
  const history = await runJson('load', NODE, [here('history.mjs'), JSON.stringify({ url: oracy.url, account: accounts.chatAdmins[point], page: 1, samples: 20 })]);
  const overview = oracyTeacher
    ? await medianOfGets('the teacher Oracy overview', () => `${oracy.url}/api/teacher/oracy/${oracyTeacher.id}`, { Cookie: `oracy_session=${oracyTeacher.token}` })
    : undefined;
  return { users, search, history: history.p50, ...(overview === undefined ? {} : { overview }) };
}

/** Headers that Node's http server writes itself (or that depend on the body's framing): not copied to the baseline. */
const PER_CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

const results = { config: { ...config, skip: [...config.skip] }, machine: {}, api: [], growth: [], fanout: null, frontend: {}, oracy: null, handshake: null, accessLog: null };

async function main() {
  results.machine = {
    date: new Date().toISOString(),
    cpu: cpus()[0]?.model ?? 'unknown CPU',
    cores: cpus().length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    pinning: PINNING,
  };
  log(`working in ${work}; pinning: ${PINNING ? `server side on core(s) ${PINNING.server}, load side on core(s) ${PINNING.load}` : 'none'}`);

  // --- the main run: embedded FerretDB (docs/architecture.md#running-it) ---
  const dbUri = await startEmbeddedDatabase(join(work, 'db'));
  const mainDb = `${dbUri}oracy_bench`;
  log(`filling the database: ${config.users} users, ${config.messages} chat messages`);
  const oracyClass = config.skip.has('oracy') ? [] : ['--oracy-students', String(config.oracyStudents), '--oracy-submissions', String(config.oracySubmissions)];
  const base = await generate(mainDb, ['--base', '--users', String(config.users), '--messages', String(config.messages), ...oracyClass]);
  const { accounts } = base;
  const oracy = await startOracy('oracy', mainDb);
  log(`Oracy at ${oracy.url}`);
  const admin = { Cookie: `oracy_session=${accounts.admin.token}` };
  const student = { Cookie: `oracy_session=${accounts.student.token}` };

  if (!config.skip.has('api')) {
    const rows = [
      { path: '/auth/current_user', headers: admin, budget: 0.5 },
      { path: '/api/admin/notice', headers: admin, budget: 0.3 },
      { path: '/api/admin/users?page=1&limit=10&search=', headers: admin, budget: 0.3 },
      { path: `/api/student/stats/${accounts.student.id}`, headers: student, budget: 0.3 },
      { path: `/api/student/courses/${accounts.student.id}`, headers: student, budget: 0.3 },
    ];
    const captured = {};
    for (const row of rows) {
      const answer = await httpGet(oracy.url + row.path, row.headers);
      if (answer.status !== 200) throw new Error(`${row.path} answered ${answer.status}: ${answer.body.toString().slice(0, 200)}`);
      // "The same bytes": the baseline answers with Oracy's headers too (security headers, Cache-Control, Vary …),
      // except those Node writes by itself for every response.
      const headers = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !PER_CONNECTION_HEADERS.has(name)));
      captured[row.path] = { status: answer.status, headers, body: answer.body.toString('base64') };
      row.bytes = answer.body.length;
    }
    const capturedFile = join(work, 'captured.json');
    writeFileSync(capturedFile, JSON.stringify(captured));
    const bare = startChild('server', NODE, [here('baseline-http.mjs'), capturedFile]);
    cleanups.push(() => bare.stop());
    const barePort = await waitForLine(bare.child, (line) => JSON.parse(line).port, 20000, 'the node:http baseline');
    // The machine is shared: each row alternates baseline and Oracy in short rounds and keeps the median round.
    const rounds = Math.max(1, config.rounds);
    const slice = Math.max(2, Math.round(config.duration / rounds));
    for (const row of rows) {
      log(`API ${row.path}`);
      const pairs = [];
      for (let round = 0; round < rounds; round++) {
        const theirs = await load(`http://127.0.0.1:${barePort}${row.path}`, {}, config.connections, slice, round === 0 ? config.warmup : 0);
        const ours = await load(oracy.url + row.path, row.headers, config.connections, slice, round === 0 ? config.warmup : 0);
        // Requests still queued when the load stopped must not slow the next measurement.
        await httpGet(oracy.url + row.path, row.headers);
        pairs.push({ oracy: ours, bare: theirs, ratio: ours.rps / theirs.rps });
      }
      const middle = [...pairs].sort((a, b) => a.ratio - b.ratio)[Math.floor(pairs.length / 2)];
      results.api.push({ path: row.path, bytes: row.bytes, budget: row.budget, ...middle, rounds: pairs.map((p) => Number(p.ratio.toFixed(3))) });
    }
    await bare.stop();
  }

  let small;
  if (!config.skip.has('growth')) {
    log(`growth at ${config.users} users / ${config.messages} messages`);
    small = await growthPoint(oracy, accounts, 1, base.oracyTeacher);
  }

  if (base.oracyTeacher) {
    log(`teacher Oracy overview: ${config.oracyStudents} students × ${config.oracySubmissions} submissions`);
    const path = `/api/teacher/oracy/${base.oracyTeacher.id}`;
    const headers = { Cookie: `oracy_session=${base.oracyTeacher.token}` };
    const answer = await httpGet(oracy.url + path, headers);
    const students = answer.status === 200 ? JSON.parse(answer.body.toString()).students.length : 0;
    if (students !== config.oracyStudents) throw new Error(`the teacher overview answered ${answer.status} with ${students} students`);
    results.oracy = { path, students, bytes: answer.body.length, ...(await load(oracy.url + path, headers, 1, config.duration, config.warmup)) };
  }

  if (!config.skip.has('accesslog')) {
    log(`access log: ${config.accessLogReads} logged and unlogged reads of an Oracy profile`);
    const url = `${oracy.url}/api/student/oracy/${accounts.student.id}`;
    const { a, b } = await pairedP50({ url, headers: admin }, { url, headers: student }, config.accessLogReads);
    results.accessLog = { reads: config.accessLogReads, logged: a, unlogged: b, overhead: a - b };
  }

  if (!config.skip.has('fanout')) {
    log('chat fan-out');
    const fanout = { accounts: accounts.chatAdmins, messages: config.fanoutMessages, bytes: 1024, rounds: config.fanoutRounds };
    const ours = await runJson('load', NODE, [here('fanout.mjs'), JSON.stringify({ ...fanout, mode: 'oracy', url: oracy.url })]);
    const ws = startChild('server', NODE, [here('baseline-ws.mjs')]);
    cleanups.push(() => ws.stop());
    const wsPort = await waitForLine(ws.child, (line) => JSON.parse(line).port, 20000, 'the ws baseline');
    const theirs = await runJson('load', NODE, [here('fanout.mjs'), JSON.stringify({ ...fanout, mode: 'ws', url: `ws://127.0.0.1:${wsPort}` })]);
    await ws.stop();
    results.fanout = { oracy: ours, ws: theirs, ratio: ours.perSecond / theirs.perSecond };
  }

  if (!config.skip.has('handshake')) {
    log('unauthenticated 7 MB polling POSTs to the discussion socket');
    results.handshake = await runJson('load', NODE, [here('handshake.mjs'), oracy.url, String(oracy.pid), '--json']);
  }

  // --- front end ---
  try {
    const bundle = analyzeBundle(process.env.PWA_DIST || join(ROOT, 'pwa', 'dist'));
    results.frontend.bundle = {
      firstLoads: bundle.firstLoads.map((load) => ({ path: load.path, js: load.js.gzip, css: load.css.gzip })),
      largestRoute: bundle.largestRoute && { name: bundle.largestRoute.name, js: bundle.largestRoute.js.gzip },
      totalJs: bundle.total.js.gzip,
      totalCss: bundle.total.css.gzip,
    };
  } catch {
    results.frontend.bundleError = 'no .vite/manifest.json in the build: run npm run build';
  }
  // Each role's home (pwa/src/auth/roles.ts homePathFor), signed in as the generated accounts; on localhost, a secure
  // context, so the service worker installs.
  const origin = oracy.url.replace('127.0.0.1', 'localhost');
  const homes = [
    { role: 'student', path: '/student/dashboard', cookie: `oracy_session=${accounts.student.token}` },
    { role: 'teacher', path: '/teacher/dashboard', cookie: `oracy_session=${accounts.teacher.token}` },
    { role: 'admin', path: '/admin/dashboard', cookie: `oracy_session=${accounts.admin.token}` },
  ];
  const firstLine = (err) =>
    err.message
      .split('\n')[0]
      .replace(/ \{.*\}/, '')
      .slice(0, 120);
  if (!config.skip.has('lighthouse')) {
    log(`Lighthouse mobile on each role's home (${config.lighthouseRuns} runs each)`);
    try {
      const lighthouseHomes = homes.map(({ role, path, cookie }) => ({ role, url: `${origin}${path}`, cookie }));
      results.frontend.lighthouse = await runJson('load', NODE, [here('lighthouse.mjs'), JSON.stringify({ homes: lighthouseHomes, runs: config.lighthouseRuns })]);
    } catch (err) {
      results.frontend.lighthouseError = firstLine(err);
      log(`Lighthouse could not run: ${results.frontend.lighthouseError}`);
    }
  }
  if (!config.skip.has('slow3g')) {
    log(`slow 3G: a first and a repeat visit of each role's home (${config.slow3gRuns} runs each)`);
    try {
      const slowHomes = homes.map(({ role, path, cookie }) => ({ role, path, cookie }));
      results.frontend.slow3g = await runJson('load', NODE, [here('slow3g.mjs'), JSON.stringify({ origin, homes: slowHomes, runs: config.slow3gRuns })]);
    } catch (err) {
      results.frontend.slow3gError = firstLine(err);
      log(`the slow-3G visits could not run: ${results.frontend.slow3gError}`);
    }
  }

  if (!config.skip.has('growth')) {
    log(`growing to ${config.large} users / ${config.large} messages`);
    await generate(mainDb, ['--users', String(config.large), '--messages', String(config.large)]);
    const large = await growthPoint(oracy, accounts, 2, base.oracyTeacher);
    results.growth.push({ engine: 'FerretDB 1.24 on SQLite (embedded)', small, large });
  }
  await oracy.stop();

  // --- the same growth on a real MongoDB, when one is given ---
  if (process.env.MONGODB_URI && !config.skip.has('growth')) {
    const uri = new URL(process.env.MONGODB_URI);
    uri.pathname = `/oracy_bench_${process.pid}`;
    const mongoDb = uri.toString();
    log('growth on MONGODB_URI');
    const mongoBase = await generate(mongoDb, ['--base', '--users', String(config.users), '--messages', String(config.messages)]);
    const mongoOracy = await startOracy('oracy-mongodb', mongoDb);
    try {
      const mongoSmall = await growthPoint(mongoOracy, mongoBase.accounts, 1);
      await generate(mongoDb, ['--users', String(config.large), '--messages', String(config.large)]);
      const mongoLarge = await growthPoint(mongoOracy, mongoBase.accounts, 2);
      results.growth.push({ engine: 'MongoDB (MONGODB_URI)', small: mongoSmall, large: mongoLarge });
    } finally {
      await mongoOracy.stop();
      await generate(mongoDb, ['--drop']).catch((err) => log(`could not drop ${uri.pathname}: ${err.message}`));
    }
  }
}

function print() {
  const m = results.machine;
  const header = ['measure', 'Oracy', 'baseline', 'ratio', 'budget', ''];
  const sections = [];
  if (results.api.length) {
    sections.push({
      title: `1. API throughput — ${config.connections} connections, signed in, median of ${config.rounds} alternating rounds; baseline: bare node:http answering the same bytes`,
      rows: results.api.flatMap((r) => [
        [
          `GET ${r.path.replace(/[a-f0-9]{24}/, ':id')}  req/s`,
          num(r.oracy.rps),
          num(r.bare.rps),
          ratio(r.ratio),
          `≥ ${r.budget.toFixed(2)}`,
          verdict(r.ratio >= r.budget && r.oracy.non2xx === 0),
        ],
        ['    p50 / p99 latency', `${ms(r.oracy.p50)} / ${ms(r.oracy.p99)}`, `${ms(r.bare.p50)} / ${ms(r.bare.p99)}`, '', 'p99 < 50 ms', verdict(r.oracy.p99 < 50)],
        ...(r.oracy.non2xx || r.oracy.errors ? [['    non-2xx / errors', `${r.oracy.non2xx} / ${r.oracy.errors}`, '', '', '', 'MISSED']] : []),
      ]),
    });
  }
  if (results.growth.length) {
    sections.push({
      title: `2. Growth — p50 latency at ${num(config.users)} and at ${num(config.large)} records (users; chat messages); ratio = large / small`,
      rows: results.growth.flatMap((g) => [
        [`${g.engine}`, '', '', '', '', ''],
        ...[
          ['users page (page 1 of 10)', 'users'],
          [`users page, name search "${GROWTH_SEARCH}"`, 'search'],
          ['chat history page (50, page 1)', 'history'],
          [`teacher Oracy overview (${num(config.oracyStudents)} students)`, 'overview'],
        ]
          .filter(([, key]) => g.small[key] !== undefined && g.large[key] !== undefined)
          .map(([label, key]) => [`    ${label}`, `${ms(g.small[key])} → ${ms(g.large[key])}`, '', ratio(g.large[key] / g.small[key]), '≤ 2', verdict(g.large[key] / g.small[key] <= 2)]),
      ]),
    });
  }
  if (results.fanout) {
    const f = results.fanout;
    sections.push({
      title: `3. Chat fan-out — ${f.oracy.clients} admin sockets, 1 sender, ${f.oracy.sent} × 1 KB at once, median of ${f.oracy.rounds?.length ?? 1} bursts; baseline: plain ws broadcast`,
      rows: [
        ['deliveries/s', num(f.oracy.perSecond), num(f.ws.perSecond), ratio(f.ratio), '≥ 0.50', verdict(f.ratio >= 0.5 && f.oracy.deliveries === f.oracy.expected)],
        ['p95 / p50 send-to-receive', `${ms(f.oracy.p95)} / ${ms(f.oracy.p50)}`, `${ms(f.ws.p95)} / ${ms(f.ws.p50)}`, '', 'p95 < 100 ms', verdict(f.oracy.p95 < 100)],
        ...(f.oracy.deliveries !== f.oracy.expected || f.oracy.errors.length
          ? [['deliveries / errors', `${f.oracy.deliveries} of ${f.oracy.expected}`, '', '', '', f.oracy.errors.join('; ').slice(0, 60)]]
          : []),
      ],
    });
  }
  const fe = results.frontend;
  const feRows = [];
  if (fe.bundle) {
    for (const load of fe.bundle.firstLoads) {
      feRows.push([
        `first load /login → ${load.path}: JS / CSS (gzip)`,
        `${kb(load.js)} / ${kb(load.css)}`,
        '',
        '',
        `JS ≤ ${kb(FIRST_LOAD_JS_BUDGET)}`,
        verdict(load.js <= FIRST_LOAD_JS_BUDGET),
      ]);
    }
    if (fe.bundle.largestRoute) feRows.push([`largest route chunk: ${fe.bundle.largestRoute.name.replace(/^src\//, '')}`, kb(fe.bundle.largestRoute.js), '', '', '', '']);
    feRows.push(['everything: JS / CSS (gzip)', `${kb(fe.bundle.totalJs)} / ${kb(fe.bundle.totalCss)}`, '', '', '', '']);
  } else if (fe.bundleError) feRows.push(['bundle', fe.bundleError, '', '', '', '']);
  if (fe.lighthouse) {
    for (const l of fe.lighthouse.homes) {
      feRows.push([`Lighthouse mobile ${new URL(l.url).pathname} signed in (median of ${l.runs.length}): performance`, num(l.score), '', '', '≥ 95', verdict(l.score >= 95)]);
      feRows.push(['    TBT', ms(l.tbt), '', '', '≤ 150 ms', verdict(l.tbt <= 150)]);
      feRows.push(['    LCP / CLS', `${ms(l.lcp)} / ${num(l.cls, 3)}`, '', '', '≤ 2,500 ms / ≤ 0.1', verdict(l.lcp <= 2500 && l.cls <= 0.1)]);
    }
  } else if (fe.lighthouseError) feRows.push(['Lighthouse', `could not run: ${fe.lighthouseError}`.slice(0, 80), '', '', '', '']);
  if (fe.slow3g) {
    for (const h of fe.slow3g.homes) {
      const runs = h.first.runs.length;
      feRows.push([
        `slow 3G ${h.path} (median of ${runs}): first visit, usable (bytes)`,
        `${seconds(h.first.usable)} (${kb(h.first.bytesUsable)})`,
        '',
        '',
        '≤ 3.5 s',
        verdict(h.first.usable <= 3500),
      ]);
      feRows.push(['    repeat visit, usable (bytes)', `${seconds(h.repeat.usable)} (${kb(h.repeat.bytesUsable)})`, '', '', '≤ 0.5 s', verdict(h.repeat.usable <= 500)]);
    }
  } else if (fe.slow3gError) feRows.push(['slow 3G', `could not run: ${fe.slow3gError}`.slice(0, 80), '', '', '', '']);
  if (feRows.length) sections.push({ title: '4. Front end', rows: feRows });
  if (results.oracy) {
    const o = results.oracy;
    sections.push({
      title: `5. Teacher Oracy overview — ${num(config.oracyStudents)} students × ${config.oracySubmissions} self-assessments, one request at a time (${kb(o.bytes)} answer)`,
      rows: [
        ['GET /api/teacher/oracy/:id  p50 / p99', `${ms(o.p50)} / ${ms(o.p99)}`, '', '', 'p99 < 100 ms', verdict(o.p99 < 100 && o.non2xx === 0)],
        ['    req/s', num(o.rps), '', '', '', ''],
      ],
    });
  }
  if (results.handshake) {
    const h = results.handshake;
    const growth = h.peak - h.before;
    sections.push({
      title: `6. Unauthenticated chat handshakes — ${h.parallel} parallel clients without a cookie, each a polling handshake and a ${(h.bodyBytes / 1e6).toFixed(1)} MB POST`,
      rows: [
        ['accepted handshakes or POSTs', num(h.accepted), '', '', '0', verdict(h.accepted === 0)],
        ['resident memory: before → peak (growth)', `${h.before.toFixed(1)} → ${h.peak.toFixed(1)} MB (+${growth.toFixed(1)})`, '', '', `< ${h.budgetMb} MB`, verdict(growth < h.budgetMb)],
      ],
    });
  }
  if (results.accessLog) {
    const a = results.accessLog;
    sections.push({
      title: `7. Access log — an admin's read of a student's Oracy profile (an entry written) against the student's own (none), ${num(a.reads)} of each in turns, one at a time`,
      rows: [
        ['GET /api/student/oracy/:id  p50 logged / not logged', `${ms(a.logged)} / ${ms(a.unlogged)}`, '', '', '', ''],
        ["    the entry's cost (difference of the p50s)", `${num(a.overhead, 2)} ms`, '', '', '≤ 1 ms', verdict(a.overhead <= 1)],
      ],
    });
  }

  const pin = m.pinning ? `server side on core ${m.pinning.server}, load side on core ${m.pinning.load}` : 'not pinned';
  console.log(`\nOracy benchmark, ${m.date.slice(0, 16).replace('T', ' ')} UTC — ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, Node ${m.node}; ${pin}`);
  console.log(`Database: FerretDB 1.24 on SQLite (embedded), ${num(config.users)} users and ${num(config.messages)} chat messages to start\n`);
  console.log(renderTable(header, sections));
}

try {
  await main();
} catch (err) {
  results.error = err instanceof Error ? err.message : String(err);
  console.error(`[bench] failed: ${results.error}`);
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  if (!results.error) rmSync(work, { recursive: true, force: true });
  else console.error(`[bench] logs kept in ${work}`);
}
print();
const out = join(ROOT, '.cache', 'bench');
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
process.exit(results.error ? 1 : 0);
