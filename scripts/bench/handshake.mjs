#!/usr/bin/env node
// What unauthenticated clients can make the discussion's Socket.IO server
// hold (docs/architecture.md#the-real-time-chat): BENCH_PARALLEL (60) clients
// at once, without a cookie, each opening an Engine.IO polling session and
// sending a 7 MB POST to it (the largest packet an admin's attachment needs);
// when the handshake is refused, the POST goes to the sid-less URL instead.
// Prints the answers and the server's resident memory (VmRSS) before, at its
// peak while the requests run, and after. Run against a started server:
//   node scripts/bench/handshake.mjs http://127.0.0.1:3000 <server pid> [--json]
// `npm run bench` runs it as its section 6 with --json: one JSON line, exit 0 whatever the result.
// Budget: every request refused, resident memory growing by less than 20 MB.
import { readFileSync } from 'node:fs';
import { request } from 'node:http';

const [base = 'http://127.0.0.1:3000', pidArg, mode] = process.argv.slice(2);
const asJson = mode === '--json';
const pid = Number(pidArg);
if (!Number.isInteger(pid) || pid <= 0) {
  console.error('usage: node scripts/bench/handshake.mjs <base url> <server pid>');
  process.exit(2);
}
const parallel = Number(process.env.BENCH_PARALLEL ?? 60);
const BODY_BYTES = 7 * 1000 * 1000 - 64 * 1024;
const BUDGET_MB = 20;
const body = Buffer.alloc(BODY_BYTES, 'a');
body[0] = 0x34; // '4': an Engine.IO message packet

/** The server's resident set size, in MB. */
function rssMb() {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line.replace(/\D+/g, '')) / 1024;
}

/** One HTTP exchange: `{status, text}`; the connection is not reused. */
function exchange(url, method, payload) {
  return new Promise((resolve) => {
    const req = request(url, { method, agent: false, headers: payload ? { 'Content-Type': 'text/plain;charset=UTF-8', 'Content-Length': payload.length } : {} });
    req.on('response', (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
    });
    // A server that answers before reading the whole body may close the connection under the upload.
    req.on('error', (err) => resolve({ status: 0, text: err.code ?? String(err) }));
    req.end(payload);
  });
}

/** One client: a polling handshake, then a 7 MB POST to its session (or to the sid-less URL when refused). */
async function attack() {
  const handshake = await exchange(`${base}/socket.io/?EIO=4&transport=polling`, 'GET');
  const sid = handshake.status === 200 ? /"sid":"([^"]+)"/.exec(handshake.text)?.[1] : undefined;
  const post = await exchange(`${base}/socket.io/?EIO=4&transport=polling${sid ? `&sid=${sid}` : ''}`, 'POST', body);
  return { handshake: handshake.status, post: post.status };
}

const before = rssMb();
let peak = before;
const sampler = setInterval(() => {
  peak = Math.max(peak, rssMb());
}, 20);
const results = await Promise.all(Array.from({ length: parallel }, attack));
clearInterval(sampler);
peak = Math.max(peak, rssMb());
await new Promise((resolve) => setTimeout(resolve, 1000));
const after = rssMb();

/** How many answers had each status, e.g. `{403: 60}`. */
const statuses = (key) => results.reduce((acc, r) => ({ ...acc, [r[key]]: (acc[r[key]] ?? 0) + 1 }), {});
const accepted = results.filter((r) => r.handshake === 200 || r.post === 200).length;
if (asJson) {
  console.log(JSON.stringify({ parallel, bodyBytes: BODY_BYTES, accepted, handshakes: statuses('handshake'), posts: statuses('post'), before, peak, after, budgetMb: BUDGET_MB }));
  process.exit(0);
}

const count = (key) =>
  Object.entries(statuses(key))
    .map(([s, n]) => `${n}× ${s}`)
    .join(', ');
const growth = peak - before;
console.log(`${parallel} unauthenticated 7 MB polling POSTs to ${base}`);
console.log(`  handshakes: ${count('handshake')}`);
console.log(`  POSTs:      ${count('post')}`);
console.log(`  RSS before ${before.toFixed(1)} MB, peak ${peak.toFixed(1)} MB (+${growth.toFixed(1)} MB), 1 s after ${after.toFixed(1)} MB`);
const ok = accepted === 0 && growth < BUDGET_MB;
console.log(`  ${ok ? 'within budget' : 'OVER BUDGET'}: every request refused and growth < ${BUDGET_MB} MB`);
process.exit(ok ? 0 : 1);
