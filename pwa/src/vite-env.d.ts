/// <reference types="vite/client" />

interface ImportMetaEnv {
  /**
   * The product's home site: the logout destination and the "Explore our
   * Website" link (docs/product.md#sign-in-site `SITE_URL`). Default `/login`.
   */
  readonly VITE_SITE_URL?: string;
  /**
   * Origin of the API when the app is not served by it (a native Capacitor
   * shell). Empty, the default, means same origin (docs/architecture.md#one-origin).
   */
  readonly VITE_API_ORIGIN?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
