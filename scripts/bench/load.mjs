#!/usr/bin/env node
// One autocannon run, started by scripts/bench/index.mjs on the
// load side's core. Argument: JSON `{url, headers?, connections, duration
// (s), warmup (s)}`. Prints one JSON line: `{rps (mean requests/s), p50,
// p99 (latency, ms), requests, non2xx, errors, timeouts}`.
import autocannon from 'autocannon';

const options = JSON.parse(process.argv[2] ?? '{}');

function run(connections, duration) {
  return new Promise((resolve, reject) => {
    autocannon({ url: options.url, headers: options.headers ?? {}, connections, duration, pipelining: 1 }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

if (options.warmup > 0) await run(options.connections, options.warmup);
const result = await run(options.connections, options.duration);
console.log(
  JSON.stringify({
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  }),
);
