import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

/**
 * Where the dev and preview servers forward the API's paths (decisions §2:
 * one origin in production; two servers in development). `API_ORIGIN`
 * overrides the default `http://localhost:3000`.
 */
const apiOrigin = process.env['API_ORIGIN'] || 'http://localhost:3000';

/**
 * Paths the API owns. Anchored so that a screen such as `/admin/users` is
 * never proxied, while `/login?next=…` and `/auth/logout` are.
 */
const proxy: Record<string, ProxyOptions> = {
  '^/(api|auth|login|register|uploads)(?:[/?]|$)': { target: apiOrigin },
  '/socket.io': { target: apiOrigin, ws: true },
};

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    rolldownOptions: {
      treeshake: {
        // @ionic/core declares no `sideEffects`, so every component module is
        // kept even when the app never renders it (~700 kB). A component
        // module's only top-level work is declaring its class; the element is
        // registered by its `defineCustomElement()`, which the @ionic/react
        // proxy of a used component references, so unused ones can go.
        moduleSideEffects: (id: string) => !/[\\/]@ionic[\\/]core[\\/]components[\\/]ion-/.test(id),
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});
