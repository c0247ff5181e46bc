/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_CLIENT_VERSION?: string;
  readonly VITE_APP_ENV?: string;
}
