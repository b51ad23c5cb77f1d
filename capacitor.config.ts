import type { CapacitorConfig } from '@capacitor/cli';

/** Native shells (Android/iOS) wrap the same PWA build that the API serves. */
const config: CapacitorConfig = {
  appId: 'org.oracy.app',
  appName: 'Oracy',
  webDir: 'pwa/dist',
};

export default config;
