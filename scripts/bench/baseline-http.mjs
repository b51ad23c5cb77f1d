#!/usr/bin/env node
// The bare `node:http` baseline: answers each benchmarked path
// with exactly the bytes Oracy answered it with (status, headers and body,
// captured by scripts/bench/index.mjs; Node adds Date, Connection and
// Content-Length itself, as for Oracy), doing nothing else. Argument: the
// path of a JSON file `{"/path?query": {status, headers, body (base64)}}`.
// Prints `{"port": N}` once listening on a free loopback port.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const routes = new Map(
  Object.entries(JSON.parse(readFileSync(process.argv[2], 'utf8'))).map(([path, r]) => {
    const body = Buffer.from(r.body, 'base64');
    return [path, { status: r.status, body, headers: { ...r.headers, 'content-length': body.length } }];
  }),
);

const server = createServer((req, res) => {
  const route = routes.get(req.url ?? '');
  if (!route) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(route.status, route.headers);
  res.end(route.body);
});
server.keepAliveTimeout = 65000;
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: server.address().port })));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
