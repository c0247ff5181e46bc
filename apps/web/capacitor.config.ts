import type { CapacitorConfig } from '@capacitor/cli';

// The Android and iOS shells load the same build the server serves (apps/web/dist).
const config: CapacitorConfig = {
  appId: 'com.hashlobby.app',
  appName: 'HashLobby',
  webDir: 'dist',
  backgroundColor: '#0b0d17',
  server: {
    androidScheme: 'https',
  },
  android: {
    allowMixedContent: false,
  },
  ios: {
    contentInset: 'never',
  },
};

export default config;
