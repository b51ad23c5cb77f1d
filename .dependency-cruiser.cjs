// dependency-cruiser: the architecture's import rules (docs/architecture.md#dependency-rules).
// `npm run lint` runs it over api/src, pwa/src, e2e and scripts. An exception sits beside its rule,
// named by its files, with the reason it is allowed.

/** Tests and their support: nothing that ships may import them. */
const TEST_SUPPORT = '^(api|pwa)/src/test/|\\.test\\.tsx?$|\\.cluster-test\\.ts$|^api/src/cluster/clusterSetup\\.ts$';

/**
 * The API's floors, lowest first: production code imports from its own floor or lower ones (tests
 * may import anything). Each path is a regular expression from the repository root.
 */
const API_FLOORS = [
  ['foundations: time, configuration, log, the delivery analysis', '^api/src/(time|env|logger)\\.ts$|^api/src/delivery/'],
  ['HTTP plumbing: errors, validation, static files, compression, security', '^api/src/(errors|validation|static|compression)\\.ts$|^api/src/security/'],
  ['storage and machinery: database, Redis, jobs', '^api/src/db/(?!seed\\.ts$)|^api/src/cluster/|^api/src/jobs/'],
  ['presenters', '^api/src/presenters/'],
  ['services', '^api/src/services/'],
  ['features: auth, chat, privacy, backups', '^api/src/(auth|chat|privacy|backup)/'],
  ['routes and the OpenAPI document', '^api/src/(routes|openapi)/'],
  ['the app, health, the demo seed', '^api/src/(app|health)\\.ts$|^api/src/db/seed\\.ts$'],
  ['the server', '^api/src/server\\.ts$'],
];

/**
 * Imports that run up a floor today, each with why. The concept folders (one home per concept) will
 * remove most of them; until then they are allowed by name, and a new one fails.
 */
const FLOOR_EXCEPTIONS = [
  // [importing file, its floor, what it may import from higher floors, why]
  ['^api/src/errors\\.ts$', 1, '^api/src/db/availability\\.ts$', 'errors answer 503 when the database cannot be reached, which availability.ts recognises'],
  ['^api/src/db/gate\\.ts$', 2, '^api/src/auth/context\\.ts$', 'the 503 gate is Hono middleware typed by the app context (a type)'],
  ['^api/src/presenters/(delivery|oracy)\\.ts$', 3, '^api/src/services/oracyProfile\\.ts$', 'the presenters round scores with the Oracy profile arithmetic'],
  ['^api/src/presenters/privacy\\.ts$', 3, '^api/src/privacy/register\\.ts$', 'the register presenter reads the register entry type (a type)'],
  ['^api/src/services/accounts\\.ts$', 4, '^api/src/auth/(context|password|sessions)\\.ts$', 'accounts hash passwords and end sessions, which auth owns'],
  ['^api/src/services/idempotency\\.ts$', 4, '^api/src/auth/context\\.ts$', 'a replayed answer is keyed by the signed-in user (a type)'],
  ['^api/src/services/people\\.ts$', 4, '^api/src/(chat/revocation|privacy/erasure|privacy/exports)\\.ts$', 'deleting a person revokes their sockets and erases and exports their data'],
  ['^api/src/openapi/schemas\\.typecheck\\.ts$', 6, '^api/src/app\\.ts$', "a compile-time check holding the OpenAPI schemas to the app's answers (a type)"],
  ['^api/src/auth/middleware\\.ts$', 5, '^api/src/openapi/security\\.ts$', 'the guards carry the OpenAPI security requirement they enforce'],
];

/** The paths of the floors above floor `i`, as one regular expression. */
const above = (i) =>
  API_FLOORS.slice(i + 1)
    .map(([, path]) => `(${path})`)
    .join('|');
const excepted = FLOOR_EXCEPTIONS.map(([from]) => `(${from})`).join('|');

const floorRules = API_FLOORS.slice(0, -1).map(([name, path], i) => ({
  name: `api-floor-${i}`,
  comment: `Floor ${i} (${name}) imports nothing from a higher floor.`,
  severity: 'error',
  from: { path, pathNot: `${excepted}|${TEST_SUPPORT}` },
  to: { path: above(i) },
}));

const exceptionRules = FLOOR_EXCEPTIONS.map(([from, floor, allowed, reason], i) => ({
  name: `api-floor-exception-${i}`,
  comment: `An exception to api-floor-${floor}: ${reason}. Nothing else from a higher floor.`,
  severity: 'error',
  from: { path: from },
  to: { path: above(floor), pathNot: allowed },
}));

/**
 * The PWA's concept folders (docs/architecture.md#concept-folders-pwa): one folder per concept of the
 * product, `platform/` for what is no concept's, `shell/` for the app, its route table and layout.
 */
const PWA_CONCEPTS = 'auth|people|courses|assignments|notices|complaints|chat|oracy|speaking|delivery|privacy|backups|settings|import|dashboards';

/**
 * Platform files that may import a concept, each with why; only through the concept's index.ts.
 * [importing files, what they may import, why]
 */
const PWA_PLATFORM_EXCEPTIONS = [
  [
    '^pwa/src/platform/api/(useCachedResource|db)\\.ts$|^pwa/src/platform/offline/OutboxReplayer\\.tsx$',
    '^pwa/src/auth/index\\.ts$',
    "cached data and queued writes belong to the signed-in user: the cache is keyed by the session's user, the outbox replays for them",
  ],
];

const pwaRules = [
  {
    name: 'pwa-concept-through-index',
    comment:
      "A PWA concept (or the platform, or the shell) imports another concept only through that concept's index.ts. " +
      "Exceptions: a stylesheet or image another concept's screens share (the card styles of CourseCard.css, the Oracy " +
      "profile's oracy.css) is imported by its file; tests reach any module they set up or mock; routes.ts has its own rule below.",
    severity: 'error',
    from: { path: `^pwa/src/(${PWA_CONCEPTS}|platform|shell)/`, pathNot: `${TEST_SUPPORT}|^pwa/src/shell/routes\\.ts$` },
    to: { path: `^pwa/src/(${PWA_CONCEPTS})/`, pathNot: '^pwa/src/$1/|^pwa/src/[^/]+/index\\.ts$|\\.(css|svg)$' },
  },
  {
    name: 'pwa-routes-load-screens',
    comment:
      "routes.ts imports each concept's screen files directly and lazily (import()), so that every screen stays a chunk " +
      'of its own, which an import through the index.ts would merge. Its one static import of a screen is the ' +
      "self-assessment, the first load's screen. Anything else from a concept comes through its index.ts.",
    severity: 'error',
    from: { path: '^pwa/src/shell/routes\\.ts$' },
    to: {
      path: `^pwa/src/(${PWA_CONCEPTS})/`,
      pathNot: '^pwa/src/[^/]+/index\\.ts$|^pwa/src/oracy/assessment/AssessmentPage\\.tsx$',
      dependencyTypesNot: ['dynamic-import'],
    },
  },
  {
    name: 'pwa-platform-imports-no-concept',
    comment: 'Nothing in pwa/src/platform/ imports a concept or the shell: the platform sits under every concept.',
    severity: 'error',
    from: { path: '^pwa/src/platform/', pathNot: [TEST_SUPPORT, ...PWA_PLATFORM_EXCEPTIONS.map(([from]) => from)].join('|') },
    to: { path: `^pwa/src/(${PWA_CONCEPTS}|shell)/` },
  },
  ...PWA_PLATFORM_EXCEPTIONS.map(([from, allowed, reason], i) => ({
    name: `pwa-platform-exception-${i}`,
    comment: `An exception to pwa-platform-imports-no-concept: ${reason}. Nothing else from a concept.`,
    severity: 'error',
    from: { path: from },
    to: { path: `^pwa/src/(${PWA_CONCEPTS}|shell)/`, pathNot: allowed },
  })),
  {
    name: 'pwa-concepts-import-no-shell',
    comment: 'The shell (the app, its route table and layout) imports the concepts; no concept imports the shell.',
    severity: 'error',
    from: { path: `^pwa/src/(${PWA_CONCEPTS})/`, pathNot: TEST_SUPPORT },
    to: { path: '^pwa/src/shell/' },
  },
];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'No import cycle: a cycle makes the load order matter and the modules inseparable. A cycle closed only by a ' +
        'type-only import runs nothing and is allowed (CourseCard ↔ CourseDetails). ' +
        'Exception: Chart.tsx loads ChartCanvas.tsx lazily, whose chartDefaults.ts reads the colour helpers back from ' +
        'Chart.tsx; by then Chart.tsx has run.',
      severity: 'error',
      from: { pathNot: '^pwa/src/platform/ui/(Chart|ChartCanvas)\\.tsx$|^pwa/src/platform/ui/chartDefaults\\.ts$' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-test-support-in-production',
      comment: 'Production code never imports tests or their support (factories, fakes, set-up).',
      severity: 'error',
      from: { path: '^(api|pwa)/src/', pathNot: TEST_SUPPORT },
      to: { path: TEST_SUPPORT },
    },
    {
      name: 'api-never-imports-pwa',
      comment: 'The API runs without the PWA: it serves its built files, it never imports its sources.',
      severity: 'error',
      from: { path: '^api/' },
      to: { path: '^pwa/' },
    },
    {
      name: 'pwa-imports-api-types-only',
      comment:
        "The PWA takes the API's types (AppType, socket events) and nothing that runs. " +
        'Exception: the delivery analysis (api/src/delivery/, exported as @oracy/api/delivery) is one module run on the phone and the server.',
      severity: 'error',
      from: { path: '^pwa/' },
      to: { path: '^api/', pathNot: '^api/src/delivery/', dependencyTypesNot: ['type-only'] },
    },
    ...floorRules,
    ...exceptionRules,
    ...pwaRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/|(^|/)dist/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.json'] },
  },
};
