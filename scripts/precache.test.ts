// What the service worker precaches (pwa/vite/precacheHomes.ts, docs/architecture.md#the-offline-layer):
// the shell and the homes with their static imports, not the other screens' chunks.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { precacheHomes, precachedAssets } from '../pwa/vite/precacheHomes.ts';

const dist = mkdtempSync(join(tmpdir(), 'oracy-precache-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

mkdirSync(join(dist, '.vite'));
writeFileSync(
  join(dist, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index-1.js', imports: ['_shared-1.js'], css: ['assets/index-1.css'], isEntry: true },
    '_shared-1.js': { file: 'assets/shared-1.js' },
    'src/dashboards/StudentDashboardPage.tsx': { file: 'assets/StudentDashboardPage-1.js', imports: ['_stat-1.js'], isDynamicEntry: true },
    'src/dashboards/TeacherDashboardPage.tsx': { file: 'assets/TeacherDashboardPage-1.js', isDynamicEntry: true },
    'src/dashboards/AdminDashboardPage.tsx': { file: 'assets/AdminDashboardPage-1.js', isDynamicEntry: true },
    '_stat-1.js': { file: 'assets/stat-1.js', css: ['assets/stat-1.css'] },
    '../node_modules/ionicons/components/ion-icon.js': { file: 'assets/ion-icon-1.js', isDynamicEntry: true },
    'src/courses/CoursesPage.tsx': {
      file: 'assets/CoursesPage-1.js',
      imports: ['_form-1.js'],
      dynamicImports: ['src/platform/ui/ChartCanvas.tsx'],
      css: ['assets/CoursesPage-1.css'],
      isDynamicEntry: true,
    },
    '_form-1.js': { file: 'assets/form-1.js' },
    'src/platform/ui/ChartCanvas.tsx': { file: 'assets/ChartCanvas-1.js', imports: ['_chartjs-1.js'], isDynamicEntry: true },
    '_chartjs-1.js': { file: 'assets/chartjs-1.js' },
  }),
);

describe('the precache', () => {
  it('holds the entry, the homes and the render-time elements with their static imports and styles', () => {
    expect([...precachedAssets(dist)].sort()).toEqual([
      'assets/AdminDashboardPage-1.js',
      'assets/ChartCanvas-1.js',
      'assets/StudentDashboardPage-1.js',
      'assets/TeacherDashboardPage-1.js',
      'assets/chartjs-1.js',
      'assets/index-1.css',
      'assets/index-1.js',
      'assets/ion-icon-1.js',
      'assets/shared-1.js',
      'assets/stat-1.css',
      'assets/stat-1.js',
    ]);
  });

  it("drops the other screens' scripts and styles and keeps every other file", async () => {
    const entry = (url: string) => ({ url, revision: null, size: 1 });
    const urls = [
      'index.html',
      'manifest.webmanifest',
      'icons/icon-192.png',
      'assets/index-1.js',
      'assets/CoursesPage-1.js',
      'assets/CoursesPage-1.css',
      'assets/form-1.js',
      'assets/ChartCanvas-1.js',
      'assets/delivery.worker-1.js',
    ];
    const { manifest } = await precacheHomes(dist)(urls.map(entry));
    // the chart a screen imports at the point of use, and the worker no chunk names, stay
    expect(manifest.map((e) => e.url)).toEqual(['index.html', 'manifest.webmanifest', 'icons/icon-192.png', 'assets/index-1.js', 'assets/ChartCanvas-1.js', 'assets/delivery.worker-1.js']);
  });

  it('fails the build when a home is no longer in the manifest', () => {
    const other = mkdtempSync(join(tmpdir(), 'oracy-precache-'));
    mkdirSync(join(other, '.vite'));
    writeFileSync(join(other, '.vite', 'manifest.json'), JSON.stringify({ 'index.html': { file: 'assets/index-1.js', isEntry: true } }));
    expect(() => precachedAssets(other)).toThrow(/StudentDashboardPage/);
    rmSync(other, { recursive: true, force: true });
  });
});
