import type { AuthProvider } from '@refinedev/core';
import { csrf, OpsError, opsCall } from '../api/opsClient.ts';
import { forgetMe, loadMe } from '../state/me.ts';

export interface SignInForm {
  login: string;
  password: string;
  code?: string;
  recoveryCode?: string;
}

/** Console sessions (CONSOLE.md): the httpOnly cookie the server sets, and the CSRF token kept for this tab. */
export const authProvider: AuthProvider = {
  login: async (form: SignInForm) => {
    try {
      const body = {
        login: form.login.trim(),
        password: form.password,
        ...(form.recoveryCode ? { recoveryCode: form.recoveryCode.trim() } : { code: form.code?.trim() }),
      };
      const session = await opsCall<{ csrfToken: string }>('/ops/v1/auth/signIn', body);
      csrf.set(session.csrfToken);
      forgetMe();
      return { success: true, redirectTo: '/' };
    } catch (error) {
      const refused = error instanceof OpsError ? error : new OpsError(-1, String(error), 0);
      return { success: false, error: { name: String(refused.code), message: refused.message } };
    }
  },
  logout: async () => {
    await opsCall('/ops/v1/auth/signOut').catch(() => undefined);
    csrf.set(null);
    forgetMe();
    return { success: true, redirectTo: '/sign-in' };
  },
  check: async () => {
    if (!csrf.get()) return { authenticated: false, redirectTo: '/sign-in' };
    try {
      await loadMe();
      return { authenticated: true };
    } catch {
      csrf.set(null);
      return { authenticated: false, redirectTo: '/sign-in', logout: true };
    }
  },
  getPermissions: async () => (await loadMe()).permissions,
  getIdentity: async () => {
    const me = await loadMe();
    return { id: me.staff?.id ?? me.name, name: me.name, kind: me.kind };
  },
  onError: async (error) => {
    if (error instanceof OpsError && error.status === 401) {
      csrf.set(null);
      forgetMe();
      return { logout: true, redirectTo: '/sign-in' };
    }
    return {};
  },
};
