/**
 * What the service worker precaches (docs/architecture.md#the-offline-layer): a Workbox
 * `manifestTransforms` step that keeps, of the files `globPatterns` found, everything that is not a
 * script or stylesheet under `assets/` (the page, icons, fonts, the web manifest), the files no
 * chunk names (the delivery worker), and the chunks the app can reach from the entry and
 * {@link PRECACHED_MODULES}, statically or lazily, read from the Vite manifest
 * (`dist/.vite/manifest.json`). Chunks nothing reaches (an old build's) are left out.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Manifest keys (or, starting with `/`, key endings) precached with their static imports: the
 * self-assessment ("/"), each role's home, the dashboard layout and what it fetches as it paints or
 * when first used (the account menu, the logout confirmation, Ionic's tab bar and icon elements),
 * the "new version" toast, and every language's catalogue. The homes are those of
 * `scripts/bench/bundle.mjs` (`FIRST_LOADS`).
 */
export const PRECACHED_MODULES = [
  'index.html',
  'src/oracy/assessment/AssessmentPage.tsx',
  'src/platform/ui/RadioGroupField.tsx',
  'src/dashboards/StudentDashboardPage.tsx',
  'src/dashboards/TeacherDashboardPage.tsx',
  'src/dashboards/AdminDashboardPage.tsx',
  'src/shell/DashboardLayout.tsx',
  'src/shell/LayoutTabs.tsx',
  'src/shell/Menu.tsx',
  'src/shell/AccountMenu.tsx',
  'src/shell/LogoutConfirm.tsx',
  'src/platform/offline/UpdateToast.tsx',
  'src/platform/i18n/messages/en.json',
  'src/platform/i18n/messages/es.json',
  'src/platform/i18n/messages/fr.json',
  '/components/ion-icon.js',
  '/components/ion-tab-bar.js',
  '/components/ion-tab-button.js',
];

/** One chunk of the Vite manifest, as far as it is read here. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  isEntry?: boolean;
}

/** The Vite manifest of the build in `distDir`. */
function readManifest(distDir: string): Record<string, ManifestChunk> {
  const path = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(path)) throw new Error(`${path} is missing: the precache needs build.manifest on.`);
  return JSON.parse(readFileSync(path, 'utf8')) as Record<string, ManifestChunk>;
}

/** One entry of Workbox's precache manifest. */
interface PrecacheEntry {
  url: string;
  revision: string | null;
  size: number;
}

/**
 * The files under `assets/` that {@link PRECACHED_MODULES} need: their chunks, their static
 * imports' chunks and the stylesheets of all of them; and every module a screen or a component
 * imports at the point of use (charts, the delivery measurement, Ionic's overlays), and every
 * screen the router imports lazily, each with its own imports: a screen never opened must still
 * open offline, and a fetch started as the signal goes fails. Paths relative to the build folder.
 * @throws Error when the manifest is missing or names none of the homes (a renamed screen)
 */
export function precachedAssets(distDir: string): Set<string> {
  const manifest = readManifest(distDir);
  const keys = Object.keys(manifest);
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (seen.has(key) || !chunk) return;
    seen.add(key);
    files.add(chunk.file);
    chunk.css?.forEach((css) => files.add(css));
    chunk.imports?.forEach(visit);
  };
  for (const wanted of PRECACHED_MODULES) {
    if (wanted.startsWith('/')) keys.filter((key) => key.endsWith(wanted)).forEach(visit);
    else visit(wanted);
  }
  for (const chunk of Object.values(manifest)) chunk.dynamicImports?.forEach(visit);
  const missing = PRECACHED_MODULES.filter((name) => name.startsWith('src/dashboards/') && !manifest[name]);
  if (missing.length) throw new Error(`The precache's homes are not in the build: ${missing.join(', ')}.`);
  return files;
}

/**
 * A Workbox `manifestTransforms` step keeping the shell and the homes (see above) of the build in
 * `distDir`.
 */
export function precacheHomes(distDir: string) {
  return (entries: PrecacheEntry[]) => {
    const wanted = precachedAssets(distDir);
    // Files no chunk names (the delivery worker) are kept: nothing would fetch them before they are needed.
    const chunkFiles = new Set(Object.values(readManifest(distDir)).flatMap((chunk) => [chunk.file, ...(chunk.css ?? [])]));
    const manifest = entries.filter((entry) => !/^assets\/.*\.(?:js|css)$/.test(entry.url) || wanted.has(entry.url) || !chunkFiles.has(entry.url));
    return Promise.resolve({ manifest, warnings: [] as string[] });
  };
}
