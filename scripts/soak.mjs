#!/usr/bin/env node
// `npm run soak`: a long run of a realistic mix against the production build
// on the embedded database (README "Soak"). Starts `node api/dist/server.js`
// with NODE_ENV=production and the demo data in a fresh data folder, then at a
// fixed rate: sign-ins, every role's screens' reads, complaint and assessment
// writes, and 20 admins chatting over Socket.IO. At the end it stops the
// server, opens its database directly and checks that every acknowledged write
// is there. Prints one table and exits 1 when any answer was a 5xx (or no
// answer), a write was lost, or memory grew by more than 20 % after warm-up.
//
//   SOAK_MINUTES    length of the measured run (default 10)
//   SOAK_WARMUP_S   warm-up before the first memory reading, in seconds (default 60)
//   SOAK_RATE       HTTP requests per second, all kinds together (default 10)
//   SOAK_ADMINS     admins chatting, each one message every SOAK_CHAT_EVERY_S seconds (default 20, 10)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { envInt, freePort, percentile, sleep, startChild, waitForLine } from './bench/lib.mjs';
import { ROOT } from './lib.mjs';

const CONFIG = {
  minutes: Number(process.env.SOAK_MINUTES ?? 10),
  warmupS: envInt('SOAK_WARMUP_S', 60),
  rate: envInt('SOAK_RATE', 10),
  admins: envInt('SOAK_ADMINS', 20),
  chatEveryS: envInt('SOAK_CHAT_EVERY_S', 10),
};
if (!(CONFIG.minutes > 0)) throw new Error(`SOAK_MINUTES must be a positive number, got ${process.env.SOAK_MINUTES}`);

/** Largest growth of resident memory or of the heap (after a full GC) from warm-up to the end: 20 %. */
const MAX_GROWTH = 0.2;
/** The demo password (api/src/demo/demoData.ts). */
const PASSWORD = 'oracy-demo';

const apiRequire = createRequire(join(ROOT, 'api', 'package.json'));
const { io: connectSocket } = apiRequire('socket.io-client');
const WebSocket = createRequire(join(ROOT, 'package.json'))('ws');
const log = (line) => console.error(`[soak] ${line}`);

const work = mkdtempSync(join(tmpdir(), 'oracy-soak-'));
const dataDir = join(work, 'data');
const port = await freePort();
const base = `http://127.0.0.1:${port}`;

// ---------------------------------------------------------------- the server

log(`starting the production build on ${base} (data in ${dataDir})`);
const server = startChild('server', process.execPath, ['--inspect=127.0.0.1:0', '--enable-source-maps', join(ROOT, 'api', 'dist', 'server.js')], {
  cwd: ROOT,
  // BACKUP_SCHEDULE=0: a fresh folder would otherwise be backed up at start, which is not what the soak measures.
  env: {
    ...process.env,
    NODE_ENV: 'production',
    SEED_DEMO: '1',
    REGISTRATION: 'open',
    BACKUP_SCHEDULE: '0',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    MONGODB_URI: '',
    REDIS_URL: '',
  },
});
const serverErrors = [];
let inspectorUrl = null;
server.child.stderr.setEncoding('utf8');
server.child.stderr.on('data', (chunk) => {
  const found = /Debugger listening on (ws:\/\/\S+)/.exec(chunk);
  if (found) inspectorUrl = found[1];
  else if (!/Debugger|For help, see/.test(chunk)) serverErrors.push(chunk.trim());
});
await waitForLine(server.child, (line) => line.startsWith('Oracy is running'), 180_000, 'Oracy');
server.child.stdout.resume();
if (!inspectorUrl) throw new Error('the server printed no inspector address');

/** The server's resident memory (VmRSS), in bytes. */
function residentBytes() {
  const line = readFileSync(`/proc/${server.child.pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line.split(/\s+/)[1]) * 1024;
}

/** The server's used heap after a full garbage collection, in bytes (through the inspector protocol). */
async function heapAfterGc() {
  const socket = new WebSocket(inspectorUrl);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let next = 0;
  const call = (method) =>
    new Promise((resolve, reject) => {
      const id = ++next;
      const onMessage = (data) => {
        const message = JSON.parse(String(data));
        if (message.id !== id) return;
        socket.off('message', onMessage);
        if (message.error) reject(new Error(message.error.message));
        else resolve(message.result);
      };
      socket.on('message', onMessage);
      socket.send(JSON.stringify({ id, method }));
    });
  await call('HeapProfiler.collectGarbage');
  const { usedSize } = await call('Runtime.getHeapUsage');
  socket.close();
  return usedSize;
}

// ---------------------------------------------------------------- measuring

/** Per kind: latencies in ms, answers by status class, failures without an answer. */
const stats = new Map();
function record(kind, ms, status) {
  let s = stats.get(kind);
  if (!s) stats.set(kind, (s = { ms: [], count: 0, s5xx: 0, s4xx: 0, noAnswer: 0 }));
  s.count += 1;
  if (status === 0) s.noAnswer += 1;
  else if (status >= 500) s.s5xx += 1;
  else if (status >= 400) s.s4xx += 1;
  else s.ms.push(ms);
}

/**
 * One HTTP call, recorded under `kind`.
 * @returns {Promise<{status: number, body: any, headers: Headers | null}>} status 0 when no answer came
 */
async function call(kind, method, path, { cookie, body } = {}) {
  const started = performance.now();
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { Origin: base, ...(cookie ? { Cookie: cookie } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    record(kind, performance.now() - started, res.status);
    let parsed = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = text;
    }
    return { status: res.status, body: parsed, headers: res.headers };
  } catch {
    record(kind, performance.now() - started, 0);
    return { status: 0, body: null, headers: null };
  }
}

/** Signs `email` in; resolves `{id, role, cookie}`. @throws Error when the sign-in fails */
async function signIn(email, kind = 'sign-in') {
  const res = await call(kind, 'POST', '/auth/login', { body: { email, password: PASSWORD } });
  if (res.status !== 200) throw new Error(`sign-in of ${email} answered ${res.status}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { id: res.body.id, role: res.body.role, email, cookie };
}

// ---------------------------------------------------------------- the people

const admin = await signIn('admin@oracy.test', 'setup');
const students = (await call('setup', 'GET', '/api/admin/students', { cookie: admin.cookie })).body.students.slice(0, 12);
const teachers = (await call('setup', 'GET', '/api/admin/teachers', { cookie: admin.cookie })).body.teachers;
const signedStudents = await Promise.all(students.map((s) => signIn(s.email, 'setup')));
const signedTeachers = await Promise.all(teachers.map((t) => signIn(t.email, 'setup')));

// Admins who chat: the demo admins and, to make up the number, accounts registered and promoted here.
const chatters = [admin];
for (let i = chatters.length; i < CONFIG.admins; i++) {
  const email = `soak-admin-${i}@oracy.test`;
  const made = await call('setup', 'POST', '/auth/register', { body: { firstName: 'Soak', lastName: `Admin ${i}`, email, password: PASSWORD } });
  if (made.status !== 201 && made.status !== 200) throw new Error(`registering ${email} answered ${made.status}: ${JSON.stringify(made.body)}`);
  const promoted = await call('setup', 'PUT', `/api/admin/users/${made.body.id}/role`, { cookie: admin.cookie, body: { role: 1 } });
  if (promoted.status !== 200) throw new Error(`promoting ${email} answered ${promoted.status}`);
  chatters.push(await signIn(email, 'setup'));
}
log(`${signedStudents.length} students, ${signedTeachers.length} teachers and ${chatters.length} chatting admins signed in`);

// ---------------------------------------------------------------- the mix

const ASSESSMENT_KEYS = [
  'professionalVocab',
  'audienceLanguage',
  'explainClearly',
  'supportWithExamples',
  'structuredThought',
  'handleQuestions',
  'avoidRambling',
  'summariseIdeas',
  'confidentSpeaking',
  'activeListening',
  'groupLeadership',
  'rapportBuilding',
  'voiceAdjustment',
  'postureGestures',
  'eyeContact',
  'toneVariation',
];
const pick = (list) => list[Math.floor(Math.random() * list.length)];
/** Writes the server acknowledged, checked at the end: ids by collection (tempIds for chat messages). */
const acknowledged = { complaints: new Set(), assessments: new Set(), chatmessages: new Set() };
let writeSeq = 0;

/** The screens' reads of each role (what the PWA's pages call). */
const READS = {
  student: (u) => [
    `/api/student/stats/${u.id}`,
    `/api/student/courses/${u.id}`,
    `/api/student/teacher/${u.id}`,
    `/api/student/assignments/${u.id}`,
    `/api/student/oracy/${u.id}`,
    `/api/student/complaints?sId=${u.id}`,
    `/api/student/speaking-tasks/${u.id}`,
    `/api/user/profile/${u.id}`,
    '/auth/current_user',
  ],
  teacher: (u) => [
    `/api/teacher/stats/${u.id}`,
    `/api/teacher/courses/${u.id}`,
    `/api/teacher/students/${u.id}`,
    `/api/teacher/oracy/${u.id}`,
    `/api/teacher/complaints?tId=${u.id}`,
    `/api/teacher/speaking-tasks/${u.id}`,
    `/api/teacher/recordings/${u.id}`,
  ],
  admin: () => ['/api/admin/complaints', '/api/admin/courses', '/api/admin/notice', '/api/admin/users', '/api/admin/students', '/api/admin/teachers', '/api/admin/stats', '/api/admin/oracy'],
};

/** One request of the mix, chosen by weight: reads 80 %, writes 15 %, sign-ins 5 %. */
async function oneRequest() {
  const r = Math.random();
  if (r < 0.05) {
    const who = pick([...signedStudents, ...signedTeachers]);
    await signIn(who.email).catch(() => undefined);
  } else if (r < 0.125) {
    const who = pick(signedStudents);
    const n = ++writeSeq;
    const res = await call('write: complaint', 'POST', '/api/student/complaints', {
      cookie: who.cookie,
      body: { title: `Soak complaint ${n}`, description: `Written by the soak at ${new Date().toISOString()}.` },
    });
    if (res.status === 201) acknowledged.complaints.add(res.body.id);
  } else if (r < 0.2) {
    const who = pick(signedStudents);
    const scores = Object.fromEntries(ASSESSMENT_KEYS.map((k) => [k, 1 + Math.floor(Math.random() * 5)]));
    const res = await call('write: assessment', 'POST', '/api/updateOracyAssessment', { cookie: who.cookie, body: { oracy_scores: scores } });
    if (res.status === 201) acknowledged.assessments.add(res.body.id);
  } else if (r < 0.5) {
    const who = pick(signedStudents);
    await call('read: student', 'GET', pick(READS.student(who)), { cookie: who.cookie });
  } else if (r < 0.75) {
    const who = pick(signedTeachers);
    await call('read: teacher', 'GET', pick(READS.teacher(who)), { cookie: who.cookie });
  } else {
    await call('read: admin', 'GET', pick(READS.admin()), { cookie: admin.cookie });
  }
}

/** The chatting admins' sockets; each sends one message every `chatEveryS` seconds, its ack latency recorded. */
const sockets = [];
async function openChat(user) {
  const socket = connectSocket(base, {
    transports: ['websocket'],
    extraHeaders: { Cookie: user.cookie, Origin: base },
    auth: { userId: user.id, userRole: String(user.role) },
    reconnection: true,
  });
  sockets.push(socket);
  const pending = new Map();
  socket.on('messageAck', ({ id }) => {
    const sent = pending.get(id);
    if (!sent) return;
    pending.delete(id);
    acknowledged.chatmessages.add(id);
    record('chat: message ack', performance.now() - sent.at, 200);
  });
  socket.on('messageError', (text) => {
    for (const [id] of pending) pending.delete(id);
    record('chat: message ack', 0, 500);
    log(`messageError for ${user.email}: ${text}`);
  });
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return {
    send() {
      const tempId = `soak-${user.id}-${++writeSeq}`;
      pending.set(tempId, { at: performance.now() });
      socket.emit('message', { content: `Soak message ${writeSeq}`, file: null, tempId });
    },
    unanswered: () => pending.size,
  };
}
const chats = await Promise.all(chatters.map(openChat));

// ---------------------------------------------------------------- the run

const totalMs = (CONFIG.warmupS + CONFIG.minutes * 60) * 1000;
const started = Date.now();
let inFlight = 0;
let maxInFlight = 0;
const httpTimer = setInterval(() => {
  inFlight += 1;
  maxInFlight = Math.max(maxInFlight, inFlight);
  void oneRequest().finally(() => {
    inFlight -= 1;
  });
}, 1000 / CONFIG.rate);
const chatTimers = chats.map((chat, i) =>
  setTimeout(
    () => {
      chat.send();
      chatTimers[i] = setInterval(() => chat.send(), CONFIG.chatEveryS * 1000);
    },
    (i * CONFIG.chatEveryS * 1000) / chats.length,
  ),
);

log(`warming up for ${CONFIG.warmupS} s at ${CONFIG.rate} requests/s and ${chats.length} admins chatting`);
await sleep(CONFIG.warmupS * 1000);
const warm = { rss: residentBytes(), heap: await heapAfterGc() };
for (const s of stats.values()) Object.assign(s, { ms: [], count: 0, s5xx: 0, s4xx: 0, noAnswer: 0 });
log(`after warm-up: ${mb(warm.rss)} resident, ${mb(warm.heap)} heap; measuring for ${CONFIG.minutes} min`);
while (Date.now() - started < totalMs) {
  await sleep(Math.min(60_000, totalMs - (Date.now() - started)));
  log(`${Math.round((Date.now() - started) / 1000)} s: ${mb(residentBytes())} resident, ${inFlight} requests in flight`);
}
clearInterval(httpTimer);
for (const t of chatTimers) clearInterval(t);
while (inFlight > 0) await sleep(100);
await sleep(2000); // the last acks
const end = { rss: residentBytes(), heap: await heapAfterGc() };
const unanswered = chats.reduce((n, c) => n + c.unanswered(), 0);
for (const socket of sockets) socket.disconnect();

// ---------------------------------------------------------------- lost writes

log('stopping the server and reading its database directly');
await server.stop();
const { startEmbeddedMongo } = await import(join(ROOT, 'api', 'dist', 'db', 'embedded.js'));
const mongoose = apiRequire('mongoose');
const db = await startEmbeddedMongo({ dataDir: join(dataDir, 'db') });
const lost = {};
try {
  const conn = await mongoose.createConnection(`${db.uri}oracy`).asPromise();
  for (const [collection, ids] of Object.entries(acknowledged)) {
    // chat messages are acknowledged by their tempId; the others by their id.
    const field = collection === 'chatmessages' ? 'tempId' : '_id';
    const wanted = [...ids].map((id) => (field === '_id' ? new mongoose.Types.ObjectId(id) : id));
    let found = 0;
    for (let i = 0; i < wanted.length; i += 500) {
      found += await conn.collection(collection).countDocuments({ [field]: { $in: wanted.slice(i, i + 500) } });
    }
    lost[collection] = { acknowledged: ids.size, lost: ids.size - found };
  }
  await conn.close();
} finally {
  await db.stop();
}
rmSync(work, { recursive: true, force: true });

// ---------------------------------------------------------------- the table

function mb(bytes) {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
const growth = (a, b) => (b - a) / a;
const rows = [...stats.entries()].filter(([kind]) => kind !== 'setup').sort(([a], [b]) => a.localeCompare(b));
const total = rows.reduce((acc, [, s]) => ({ count: acc.count + s.count, s5xx: acc.s5xx + s.s5xx, noAnswer: acc.noAnswer + s.noAnswer }), { count: 0, s5xx: 0, noAnswer: 0 });
const lostTotal = Object.values(lost).reduce((n, l) => n + l.lost, 0) + unanswered;
const lines = [
  `Soak: ${CONFIG.minutes} min after ${CONFIG.warmupS} s of warm-up, ${CONFIG.rate} requests/s, ${chats.length} admins chatting (one message each every ${CONFIG.chatEveryS} s), production build, embedded database, ${new Date().toISOString().slice(0, 10)}`,
  '',
  '| kind | requests | 5xx | no answer | 4xx | p50 ms | p99 ms |',
  '|---|---:|---:|---:|---:|---:|---:|',
  ...rows.map(([kind, s]) => `| ${kind} | ${s.count} | ${s.s5xx} | ${s.noAnswer} | ${s.s4xx} | ${percentile(s.ms, 50)?.toFixed(1)} | ${percentile(s.ms, 99)?.toFixed(1)} |`),
  `| **all** | ${total.count} | ${total.s5xx} | ${total.noAnswer} | | | |`,
  '',
  `lost writes: ${lostTotal} (${Object.entries(lost)
    .map(([c, l]) => `${c} ${l.lost} of ${l.acknowledged}`)
    .join(', ')}; chat messages never answered ${unanswered})`,
  `resident memory: ${mb(warm.rss)} after warm-up → ${mb(end.rss)} at the end (${(growth(warm.rss, end.rss) * 100).toFixed(1)} %)`,
  `heap after a full GC: ${mb(warm.heap)} after warm-up → ${mb(end.heap)} at the end (${(growth(warm.heap, end.heap) * 100).toFixed(1)} %)`,
  `most requests in flight at once: ${maxInFlight}`,
];
console.log(lines.join('\n'));
if (serverErrors.length > 0) console.log(`\nThe server wrote to stderr:\n${serverErrors.slice(0, 20).join('\n')}`);

const failures = [];
if (total.s5xx > 0 || total.noAnswer > 0) failures.push(`${total.s5xx} answers were 5xx and ${total.noAnswer} got none`);
if (lostTotal > 0) failures.push(`${lostTotal} acknowledged writes are missing`);
if (growth(warm.rss, end.rss) > MAX_GROWTH) failures.push(`resident memory grew by ${(growth(warm.rss, end.rss) * 100).toFixed(1)} %`);
if (growth(warm.heap, end.heap) > MAX_GROWTH) failures.push(`the heap grew by ${(growth(warm.heap, end.heap) * 100).toFixed(1)} %`);
if (failures.length > 0) {
  console.log(`\nSoak FAILED: ${failures.join('; ')}.`);
  process.exit(1);
}
console.log('\nSoak passed: no 5xx, no lost write, memory within 20 % of warm-up.');
process.exit(0);
