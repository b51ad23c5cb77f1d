// dependency-cruiser: the architecture's import rules (docs/architecture.md#dependency-rules).
// `npm run lint` runs it over api/src, pwa/src, e2e and scripts. An exception sits beside its rule,
// named by its files, with the reason it is allowed.

/** Tests and their support: nothing that ships may import them. */
const TEST_SUPPORT = '^(api|pwa)/src/test/|\\.test\\.tsx?$|\\.cluster-test\\.ts$|^api/src/cluster/clusterSetup\\.ts$';

/**
 * The API's concepts (docs/architecture.md#concept-folders): each folder of api/src holds one concept's
 * routes, schemas, service, models, presenters and jobs. `platform/` holds what is no concept's and
 * imports none of them. Concepts still import each other's files directly: a public `index.ts` per
 * concept needs the cycles between concepts cut first (docs/architecture.md#concept-folders).
 */
const API_CONCEPTS = [
  'auth',
  'people',
  'courses',
  'assignments',
  'dashboards',
  'notices',
  'complaints',
  'chat',
  'oracy',
  'speaking',
  'peers',
  'delivery',
  'transcripts',
  'privacy',
  'backups',
  'settings',
  'import',
];
const CONCEPT = `^api/src/(${API_CONCEPTS.join('|')})/`;

/**
 * Imports from platform/ into a concept, each with why. A new one fails: move what platform needs
 * down into platform, or the code that needs the concept up into it.
 */
const PLATFORM_EXCEPTIONS = [
  // [importing file, what it may import, why]
];

const platformExcepted = PLATFORM_EXCEPTIONS.map(([from]) => `(${from})`).join('|') || '^$';

const conceptRules = [
  {
    name: 'api-platform-imports-no-concept',
    comment:
      'platform/ (database, HTTP helpers, security, jobs, i18n) is below every concept and runs nothing of theirs. ' +
      "A type-only import runs nothing: the middleware is typed by the app's context (auth's AppEnv).",
    severity: 'error',
    from: { path: '^api/src/platform/', pathNot: `${platformExcepted}|${TEST_SUPPORT}` },
    to: { path: CONCEPT, dependencyTypesNot: ['type-only'] },
  },
  ...PLATFORM_EXCEPTIONS.map(([from, allowed, reason], i) => ({
    name: `api-platform-exception-${i}`,
    comment: `An exception to api-platform-imports-no-concept: ${reason}. Nothing else from a concept.`,
    severity: 'error',
    from: { path: from },
    to: { path: CONCEPT, pathNot: allowed },
  })),
  {
    name: 'api-concepts-import-no-composition',
    comment: 'The composition root (app.ts, server.ts, openapi/, demo/) imports the concepts; no concept imports it back.',
    severity: 'error',
    from: { path: `${CONCEPT}|^api/src/platform/`, pathNot: TEST_SUPPORT },
    to: { path: '^api/src/(app|server)\\.ts$|^api/src/(openapi|demo)/' },
  },
];

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
        'Chart.tsx; by then Chart.tsx has run. ',
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
        'Exception: the delivery analysis (api/src/delivery/analysis/, exported as @oracy/api/delivery) is one module run on the phone and the server.',
      severity: 'error',
      from: { path: '^pwa/' },
      to: { path: '^api/', pathNot: '^api/src/delivery/analysis/', dependencyTypesNot: ['type-only'] },
    },
    ...conceptRules,
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
