import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { ionicPerUse } from './vite/ionicPerUse.ts';
import { precompileMessages } from './vite/precompileMessages.ts';

/**
 * Where the dev and preview servers forward the API's paths (docs/architecture.md#one-origin:
 * one origin in production; two servers in development). `API_ORIGIN`
 * overrides the default `http://localhost:3000`.
 */
const apiOrigin = process.env['API_ORIGIN'] || 'http://localhost:3000';

/**
 * Paths the API owns. Anchored so that a screen such as `/admin/users` is
 * never proxied, while `/login?next=…` and `/auth/logout` are.
 */
const proxy: Record<string, ProxyOptions> = {
  '^/(api|auth|login|register|change-password|uploads)(?:[/?]|$)': { target: apiOrigin },
  '/socket.io': { target: apiOrigin, ws: true },
};

/**
 * Navigations the service worker must leave to the network (docs/architecture.md#one-origin):
 * the server's own pages and resources, never the app shell.
 */
export const SERVER_ROUTES = /^\/(api|auth|login|register|change-password|uploads|socket\.io)(?:[/?#]|$)/;

/**
 * The web app manifest, served at
 * `/manifest.webmanifest`. Colours from the theme (`src/platform/theme/variables.css`:
 * primary green #2e7d32); icons generated from `src/platform/assets/logo-mark.svg` by
 * `scripts/generate-icons.mjs`.
 */
const manifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Oracy',
  short_name: 'Oracy',
  description: 'Oracy: build your spoken-communication skills — courses, notices, progress and complaints, even offline.',
  lang: 'en',
  display: 'standalone',
  // /home leads to the signed-in role's own home, offline too: the role stored on the device decides (docs/product.md#links-and-redirects).
  start_url: '/home',
  scope: '/',
  theme_color: '#2e7d32',
  background_color: '#f5f7f4',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

/**
 * The service worker `/sw.js` (Workbox `generateSW`):
 * - precaches the built shell: HTML, JS, CSS, fonts, icons and the manifest;
 * - answers navigations with the precached `index.html`, except
 *   {@link SERVER_ROUTES};
 * - keeps `/uploads/*` images cache-first, at most 80 of them for 30 days;
 * - caches no API response (IndexedDB owns the data, per user: `src/platform/api/db.ts`).
 * It waits when updating: `src/platform/offline/serviceWorker.ts` offers "Reload"
 * and sends SKIP_WAITING only when the user accepts.
 */
const pwa = VitePWA({
  strategies: 'generateSW',
  registerType: 'prompt',
  injectRegister: false,
  filename: 'sw.js',
  manifestFilename: 'manifest.webmanifest',
  manifest,
  workbox: {
    globPatterns: ['**/*.{html,js,css,svg,png,ico,woff,woff2,ttf,webmanifest}'],
    // The emoji data and the charts are big chunks the app still needs offline.
    maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
    navigateFallback: 'index.html',
    navigateFallbackDenylist: [SERVER_ROUTES],
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: false,
    runtimeCaching: [
      {
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/uploads/'),
        handler: 'CacheFirst',
        options: {
          cacheName: 'oracy-uploads',
          expiration: { maxEntries: 80, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true },
          cacheableResponse: { statuses: [200] },
        },
      },
    ],
  },
  devOptions: { enabled: false },
});

export default defineConfig({
  plugins: [precompileMessages(), ionicPerUse(), react(), pwa],
  build: {
    outDir: 'dist',
    sourcemap: true,
    // `.vite/manifest.json` gives the chunk graph that `scripts/check-bundle.mjs` measures.
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // @ionic/core declares no `sideEffects`, so every component module is
        // kept even when the app never renders it (~700 kB). A component
        // module's only top-level work is declaring its class; the element is
        // registered by its `defineCustomElement()`, which the @ionic/react
        // proxy of a used component references, so unused ones can go.
        moduleSideEffects: (id: string) => !/[\\/]@ionic[\\/]core[\\/]components[\\/]ion-/.test(id),
      },
      output: {
        codeSplitting: {
          // everything the first load needs (the entry's static imports) in one chunk
          // beside the entry, instead of some twenty small ones, each a round trip on a phone.
          groups: [{ name: 'first-load', tags: ['$initial'] }],
        },
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});
