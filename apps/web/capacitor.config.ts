import type { CapacitorConfig } from '@capacitor/cli';

/**
 * The Android and iOS shells (android/, ios/; `npm run cap:sync` builds the web app and copies
 * apps/web/dist into both). The app calls its API and websocket on the host that serves it, so a shell
 * for players is synced with CAP_SERVER_URL, the operator's site: the shell then opens that site, with
 * its API, and takes each web release without a new package. Without it the shell runs the bundled copy
 * against no server, which is only good for checking the build.
 */
const serverUrl = process.env.CAP_SERVER_URL?.trim() || undefined;
if (serverUrl && !/^https?:\/\/[^\s/]+/.test(serverUrl)) throw new Error(`CAP_SERVER_URL must be an http(s) address, not ${serverUrl}`);

const config: CapacitorConfig = {
  appId: 'com.hashlobby.app',
  appName: 'HashLobby',
  webDir: 'dist',
  backgroundColor: '#0b0d17',
  server: {
    androidScheme: 'https',
    ...(serverUrl ? { url: serverUrl, cleartext: serverUrl.startsWith('http:') } : {}),
  },
  android: {
    allowMixedContent: false,
  },
  ios: {
    contentInset: 'never',
  },
};

export default config;
