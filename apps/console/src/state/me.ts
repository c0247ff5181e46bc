import { opsCall, type Response } from '../api/opsClient.ts';

export type Me = Response<'auth', 'me'>;

let current: Promise<Me> | null = null;

/** Who is signed in, asked once and kept until sign-in or sign-out says otherwise. */
export function loadMe(refresh = false): Promise<Me> {
  if (!current || refresh) {
    current = opsCall<Me>('/ops/v1/auth/me');
    current.catch(() => {
      current = null;
    });
  }
  return current;
}

export function forgetMe(): void {
  current = null;
}

/** Whether `permissions` let their holder make the call named `group.action` (the contract's access). */
export function mayCall(permissions: readonly string[] | undefined, callName: string): boolean {
  const info = __OPS_CALLS__[callName];
  if (!info || !permissions) return false;
  if (info.access === 'public' || info.access === 'staff') return true;
  return permissions.includes(info.access);
}
