import { DEFAULT_DOMAIN_CHANNEL, DEFAULT_PROMOTION_CHANNEL, Environment, type PLATFORM_CODES } from '@lobby/contract';

type PlatformCode = (typeof PLATFORM_CODES)[number];

/**
 * Build- and launch-time configuration. The client version and environment come from the build
 * (VITE_CLIENT_VERSION, VITE_APP_ENV); the promotion channel and invite code from the launch link.
 */
export const CLIENT_VERSION: string = import.meta.env.VITE_CLIENT_VERSION ?? '1.0.0';

const envValue = Number(import.meta.env.VITE_APP_ENV);
export const APP_ENV: number = Number.isInteger(envValue) ? envValue : import.meta.env.PROD ? Environment.OFFICIAL : Environment.TEST;

export interface LaunchParams {
  channelMd5?: string;
  inviteCode?: string;
  debugType?: string;
}

/** Reads the launch link once: `?channel=<md5>&inviteCode=<code>&debugType=<n>` (short forms `c`, `ic`). */
export function parseLaunchParams(search: string): LaunchParams {
  const params = new URLSearchParams(search);
  const pick = (...names: string[]) => {
    for (const name of names) {
      const value = params.get(name)?.trim();
      if (value) return value;
    }
    return undefined;
  };
  return {
    channelMd5: pick('channel', 'c'),
    inviteCode: pick('inviteCode', 'ic'),
    debugType: pick('debugType'),
  };
}

/** The domain channel is the first label of the host name (`vip.example.com` → `vip`). */
export function domainChannel(hostname: string): string {
  if (!hostname || hostname === 'localhost' || /^\d+(\.\d+){3}$/.test(hostname) || hostname.includes(':')) {
    return DEFAULT_DOMAIN_CHANNEL;
  }
  const labels = hostname.split('.');
  return labels.length > 2 ? labels[0] : DEFAULT_DOMAIN_CHANNEL;
}

const CHANNEL_KEY = 'lobby.channel';
const INVITE_KEY = 'lobby.invite';

function read(storage: Storage | undefined, key: string): string | undefined {
  try {
    return storage?.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

function write(storage: Storage | undefined, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // storage disabled: the value lives for this page only
  }
}

let promotionChannel = read(globalThis.localStorage, CHANNEL_KEY) ?? DEFAULT_PROMOTION_CHANNEL;
let launchParams: LaunchParams = {};

export const getPromotionChannel = () => promotionChannel;

export function setPromotionChannel(channel: string): void {
  promotionChannel = channel;
  write(globalThis.localStorage, CHANNEL_KEY, channel);
}

export const getLaunchParams = () => launchParams;

export function getInviteCode(): string | undefined {
  return launchParams.inviteCode ?? read(globalThis.sessionStorage, INVITE_KEY);
}

export function initLaunchParams(search = window.location.search): LaunchParams {
  launchParams = parseLaunchParams(search);
  if (launchParams.inviteCode) write(globalThis.sessionStorage, INVITE_KEY, launchParams.inviteCode);
  return launchParams;
}

/** Platform code for third-party game launches and key points, in the contract's spelling. */
export function detectOs(userAgent = navigator.userAgent): PlatformCode {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios';
  if (/windows/i.test(userAgent)) return 'windows';
  if (/mac os/i.test(userAgent)) return 'macos';
  if (/linux/i.test(userAgent)) return 'linux';
  return 'other';
}
