/// <reference types="vite/client" />

interface ImportMetaEnv {
  /**
   * The product's home site: the logout destination and the "Explore our
   * Website" link (decisions §3 `SITE_URL`). Default `/login`.
   */
  readonly VITE_SITE_URL?: string;
  /**
   * Origin of the API when the app is not served by it (a native Capacitor
   * shell). Empty, the default, means same origin (decisions §2).
   */
  readonly VITE_API_ORIGIN?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
