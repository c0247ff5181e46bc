import { vi } from 'vitest';
import type { RunningServer } from './server.ts';

/** A new player signed up by account and password in English (with an invite code when given); a refusal throws. */
export async function registerPlayer(
  server: Pick<RunningServer, 'call'>,
  account: string,
  password: string,
  inviteCode?: string,
): Promise<{ token: string; playerId: number }> {
  const reply = await server.call<{ token: string; player: { id: number } }>('/v1/player/register', {
    kind: 1,
    account,
    password,
    lang: 'en_US',
    ...(inviteCode ? { inviteCode } : {}),
  });
  if (reply.code !== 0) throw new Error(`register: ${reply.code} ${reply.msg}`);
  return { token: reply.data.token, playerId: reply.data.player.id };
}

/** A player's call that must succeed: its data, or a throw naming the path, code and message. */
export async function callAs<T = any>(server: Pick<RunningServer, 'call'>, path: string, body: object, token: string): Promise<T> {
  const reply = await server.call<T>(path, body, token);
  if (reply.code !== 0) throw new Error(`${path}: ${reply.code} ${reply.msg}`);
  return reply.data;
}

/** Waits for a condition of the server's state, asked every 250 ms. */
export const until = (what: string, done: () => Promise<boolean>, timeout = 60_000) =>
  vi.waitFor(
    async () => {
      if (!(await done())) throw new Error(`${what}: not within ${timeout / 1000} s`);
    },
    { timeout, interval: 250 },
  );
