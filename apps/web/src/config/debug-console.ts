import { Environment } from '@lobby/contract';
import { APP_ENV } from './app';

/**
 * The debug type: the launch link's `debugType` (0 test, 1 internal, 2 preview, 3 official) when it
 * names one, else the build's environment. Only official hides the console.
 */
export function debugType(launchDebugType: string | undefined, appEnv: number = APP_ENV): number {
  const value = Number(launchDebugType);
  return launchDebugType !== undefined && (Object.values(Environment) as number[]).includes(value) ? value : appEnv;
}

/**
 * SPEC section 4: an in-page console (eruda: console, network, elements, storage) unless the debug
 * type is official. It is imported only here and only then, so official players never download it
 * and it is not part of any screen's first script.
 */
export async function startDebugConsole(
  launchDebugType: string | undefined,
  appEnv: number = APP_ENV,
  load: () => Promise<{ default: { init(options?: object): void } }> = () => import('eruda'),
): Promise<boolean> {
  if (debugType(launchDebugType, appEnv) === Environment.OFFICIAL) return false;
  try {
    const { default: eruda } = await load();
    eruda.init({ useShadowDom: true, defaults: { displaySize: 50 } });
    return true;
  } catch (error) {
    // A console that fails to load must not stop the lobby.
    console.warn('debug console failed to load', error);
    return false;
  }
}
