#!/usr/bin/env node
// The slow-3G rows of `npm run bench` ("Front end"), on the load side's core:
// each role's home opened in Debian's Chromium (headless, a 360 × 740 phone
// screen) throttled through the DevTools protocol to the slow-3G profile —
// 400 ms latency per request, 400 kbit/s down and up
// (`Network.emulateNetworkConditions` on the page and on the service worker,
// so the worker's precache shares the same slow link) and a 4× slower CPU for
// the page (`Emulation.setCPUThrottlingRate`).
//
// Each run starts a fresh Chromium profile (empty cache, no service worker),
// signed in by the role's session cookie, and makes two visits:
//   - first visit: a new tab opens the home; then the run waits until the
//     service worker is active (its precache done) and the network has been
//     quiet for a second, and closes the tab;
//   - repeat visit: a new tab in the same browser opens the home again, now
//     answered by the service worker and the HTTP cache.
//
// Time to the first usable control, in ms from the start of the navigation
// (the page's `performance.now()`): the first animation frame in which
//   1. the home's primary control (`CONTROLS[role]`: the first quick
//      action — "View courses" for the student and the teacher, "Manage
//      courses" for the admin) is in the page, upgraded by Ionic (`hydrated`),
//      not disabled, and visible (`checkVisibility` with opacity and
//      visibility: not hidden, not transparent, not inside a page that is
//      still fading in; it may be below the fold), and
//   2. no loading view (`.page-loading`: the spinner shown while a screen's
//      code, the current user or the home's figures load) is visible.
// `controlAt` (condition 1 alone) is kept in the JSON too.
// Bytes transferred: `encodedDataLength` (headers and compressed body as
// received) of every response that came over the network, to the page or to
// the service worker, not those answered by the service worker or a cache:
// up to the usable moment, and over the whole visit.
//
// Argument: JSON `{origin, homes: [{role, cookie}], runs}`. Prints one JSON
// line: `{profile, homes: [{role, path, control, first, repeat, errors}]}`,
// each visit `{usable, control, bytesUsable, bytes, runs: [...]}` with the
// medians of the runs that finished (ms, bytes; NaN when none did), and the
// errors of those that did not.
import { connectCdp, launchChromium } from './chromium.mjs';
import { median, sleep } from './lib.mjs';

/** The slow-3G profile: 400 ms per request, 400 kbit/s (50,000 bytes/s) each way, the CPU 4× slower. */
const SLOW_3G = { latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000, cpuSlowdown: 4 };

/** The CSS selector of each role's primary control on its home (the homes' paths come from index.mjs). */
const CONTROLS = {
  student: 'ion-button[router-link="/courses"]',
  teacher: 'ion-button[router-link="/teacher/courses"]',
  admin: 'ion-button[router-link="/admin/courses"]',
};

// BENCH_SLOW3G_DEBUG=1 logs the targets, requests and page errors to stderr.
const debug = process.env.BENCH_SLOW3G_DEBUG === '1' ? (...parts) => console.error('[slow3g]', (performance.now() / 1000).toFixed(2), ...parts) : () => undefined;
const VISIT_TIMEOUT_MS = 60_000;
const SERVICE_WORKER_TIMEOUT_MS = 180_000;
const QUIET_MS = 1_000;
const QUIET_TIMEOUT_MS = 30_000;

/**
 * The script run in every document before the page's own: reports through the `__benchUsable` binding,
 * once, `{controlAt, usableAt}` (ms since the navigation started) for the definition above.
 */
function probeSource(path, control) {
  return `(() => {
  const shown = (el) => el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && el.getClientRects().length > 0;
  const ready = (el) => el.classList.contains('hydrated') && !el.hasAttribute('disabled') && !el.classList.contains('button-disabled') && shown(el);
  let controlAt = null;
  const check = () => {
    if (location.pathname === ${JSON.stringify(path)} && [...document.querySelectorAll(${JSON.stringify(control)})].some(ready)) {
      const now = performance.now();
      if (controlAt === null) controlAt = now;
      if (![...document.querySelectorAll('.page-loading')].some(shown)) {
        window.__benchUsable(JSON.stringify({ controlAt, usableAt: now }));
        return;
      }
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;
}

/** An expression describing what the probe sees, for the error when a home does not become usable. */
const DESCRIBE = (control) =>
  `JSON.stringify({ path: location.pathname, controls: [...document.querySelectorAll(${JSON.stringify(control)})].map((el) => ({ className: el.className, disabled: el.hasAttribute('disabled'), visible: el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) })), loading: [...document.querySelectorAll('.page-loading')].map((el) => el.textContent), buttons: [...document.querySelectorAll('ion-button')].map((el) => el.getAttribute('router-link') ?? el.textContent) })`;

/** Rejects after `ms` with `what` timed out. */
const timeout = (ms, what) => new Promise((_, reject) => setTimeout(() => reject(new Error(`${what} took more than ${ms / 1000} s`)), ms));

/**
 * One run for one home: a fresh Chromium, the first visit, then the repeat visit.
 * @returns `{first, repeat}`, each `{usable, control, bytesUsable, bytes}` (ms, bytes)
 */
async function run(origin, home, cookie) {
  const browser = await launchChromium(['--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--mute-audio']);
  const cdp = await connectCdp(browser.browserUrl);
  const url = `${origin}${home.path}`;
  const [cookieName, ...rest] = cookie.split('=');
  const cookieValue = rest.join('=');

  // Bytes and requests in flight, over every attached session (the tabs and the service worker).
  const traffic = { bytes: 0, inFlight: new Set(), lastActivity: Date.now() };
  const notCounted = new Set();
  const pageSessions = new Map(); // targetId → sessionId, once set up
  const pageWaiters = new Map(); // targetId → resolve
  const usableWaiters = new Map(); // sessionId → resolve
  const setups = [];

  const setUp = async ({ sessionId, targetInfo }) => {
    const network = async () => {
      await cdp.send('Network.enable', {}, sessionId);
      await cdp.send(
        'Network.emulateNetworkConditions',
        { offline: false, latency: SLOW_3G.latency, downloadThroughput: SLOW_3G.downloadThroughput, uploadThroughput: SLOW_3G.uploadThroughput, connectionType: 'cellular3g' },
        sessionId,
      );
    };
    if (targetInfo.type === 'page') {
      await network();
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_3G.cpuSlowdown }, sessionId);
      await cdp.send('Emulation.setDeviceMetricsOverride', { width: 360, height: 740, deviceScaleFactor: 2, mobile: true }, sessionId);
      await cdp.send('Network.setCookie', { name: cookieName, value: cookieValue, url: origin, httpOnly: true }, sessionId);
      await cdp.send('Page.enable', {}, sessionId);
      await cdp.send('Runtime.enable', {}, sessionId);
      await cdp.send('Runtime.addBinding', { name: '__benchUsable' }, sessionId);
      await cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: probeSource(home.path, home.control) }, sessionId);
    } else if (targetInfo.type === 'service_worker') {
      await network();
    }
    await cdp.send('Runtime.runIfWaitingForDebugger', {}, sessionId);
    if (targetInfo.type === 'page') {
      pageSessions.set(targetInfo.targetId, sessionId);
      pageWaiters.get(targetInfo.targetId)?.(sessionId);
    }
  };

  cdp.onEvent(({ method, params, sessionId }) => {
    const key = `${sessionId}:${params?.requestId}`;
    if (method === 'Target.attachedToTarget') debug('attached', params.targetInfo.type, params.targetInfo.url);
    if (method === 'Network.responseReceived') debug('response', params.response.status, params.response.url.slice(0, 100), params.response.fromServiceWorker ? '(service worker)' : '');
    if (method === 'Runtime.exceptionThrown') debug('exception', params.exceptionDetails.exception?.description ?? params.exceptionDetails.text);
    if (method === 'Runtime.consoleAPICalled')
      debug(
        'console',
        params.type,
        params.args
          .map((a) => a.value ?? a.description)
          .join(' ')
          .slice(0, 200),
      );
    switch (method) {
      case 'Target.attachedToTarget':
        setups.push(setUp(params).catch((err) => debug('set-up failed', params.targetInfo.type, err.message)));
        break;
      case 'Network.requestWillBeSent':
        traffic.inFlight.add(key);
        traffic.lastActivity = Date.now();
        break;
      case 'Network.requestServedFromCache':
        notCounted.add(key);
        break;
      case 'Network.responseReceived':
        if (params.response.fromServiceWorker || params.response.fromDiskCache || params.response.fromPrefetchCache) notCounted.add(key);
        break;
      case 'Network.loadingFinished':
        if (!notCounted.has(key)) traffic.bytes += params.encodedDataLength;
        traffic.inFlight.delete(key);
        traffic.lastActivity = Date.now();
        break;
      case 'Network.loadingFailed':
        traffic.inFlight.delete(key);
        traffic.lastActivity = Date.now();
        break;
      case 'Runtime.bindingCalled':
        if (params.name === '__benchUsable') usableWaiters.get(sessionId)?.(JSON.parse(params.payload));
        break;
      default:
    }
  });

  /** Resolves once no request has been in flight for `QUIET_MS` (or after `QUIET_TIMEOUT_MS`). */
  const quiet = async () => {
    const started = Date.now();
    while (Date.now() - started < QUIET_TIMEOUT_MS) {
      if (traffic.inFlight.size === 0 && Date.now() - traffic.lastActivity >= QUIET_MS) return;
      await sleep(100);
    }
  };

  /** Opens the home in a new tab and waits until it is usable. */
  const visit = async () => {
    traffic.bytes = 0;
    const { targetId } = await cdp.send('Target.createTarget', { url: 'about:blank' });
    // The tab is attached (and paused until set up) around the time createTarget answers: wait for its set-up.
    const sessionId = pageSessions.get(targetId) ?? (await new Promise((resolve) => pageWaiters.set(targetId, resolve)));
    const usable = new Promise((resolve) => usableWaiters.set(sessionId, resolve));
    debug('navigate', url);
    await cdp.send('Page.navigate', { url }, sessionId);
    const at = await Promise.race([usable, timeout(VISIT_TIMEOUT_MS, `${url} becoming usable`)]).catch(async (err) => {
      const state = await cdp
        .send('Runtime.evaluate', { expression: DESCRIBE(home.control), returnByValue: true }, sessionId)
        .then((answer) => answer.result.value ?? answer.exceptionDetails?.exception?.description)
        .catch(() => 'no answer');
      throw new Error(`${err.message}; the page: ${state}`);
    });
    return { targetId, sessionId, usable: at.usableAt, control: at.controlAt, bytesUsable: traffic.bytes };
  };

  try {
    await cdp.send('Target.setAutoAttach', {
      autoAttach: true,
      waitForDebuggerOnStart: true,
      flatten: true,
      filter: [{ type: 'page' }, { type: 'service_worker' }, { exclude: true }],
    });

    const first = await visit();
    // The first visit ends when the service worker has installed (precached the app) and the network is quiet.
    await Promise.race([
      cdp.send('Runtime.evaluate', { expression: 'navigator.serviceWorker.ready.then((r) => r.active.state)', awaitPromise: true }, first.sessionId),
      timeout(SERVICE_WORKER_TIMEOUT_MS, 'the service worker installing'),
    ]);
    await quiet();
    first.bytes = traffic.bytes;
    await cdp.send('Target.closeTarget', { targetId: first.targetId });

    const repeat = await visit();
    await quiet();
    repeat.bytes = traffic.bytes;
    const pick = ({ usable, control, bytesUsable, bytes }) => ({ usable, control, bytesUsable, bytes });
    return { first: pick(first), repeat: pick(repeat) };
  } finally {
    await Promise.allSettled(setups);
    cdp.close();
    await browser.stop();
  }
}

const options = JSON.parse(process.argv[2] ?? '{}');
const homes = [];
for (const { role, path, cookie } of options.homes) {
  const home = { path, control: CONTROLS[role] };
  const runs = [];
  const errors = [];
  for (let i = 0; i < options.runs; i++) {
    try {
      runs.push(await run(options.origin, home, cookie));
    } catch (err) {
      // One failed run (a home that never became usable) leaves the others' figures; the errors are kept.
      errors.push(err instanceof Error ? err.message : String(err));
      console.error(`[slow3g] ${role}: ${errors.at(-1)}`);
    }
  }
  const summary = (visit) => {
    const of = (key) => median(runs.map((r) => r[visit][key]));
    return { usable: of('usable'), control: of('control'), bytesUsable: of('bytesUsable'), bytes: of('bytes'), runs: runs.map((r) => r[visit]) };
  };
  homes.push({ role, path: home.path, control: home.control, first: summary('first'), repeat: summary('repeat'), errors });
}
console.log(JSON.stringify({ profile: SLOW_3G, homes }));
process.exit(0);
