import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_IDLE_MS } from './console-sessions.ts';
import { consoleSocketAuth } from './staff-socket.ts';
import { enrolledStaff, signedIn, startStaffTestServer, type ConsoleClient, type StaffTestServer } from './staff.test-support.ts';

let server: StaffTestServer;

beforeAll(async () => {
  server = await startStaffTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** The upgrade request a console page of this site opens its socket with. */
function upgrade(client: ConsoleClient, options: { csrf?: string | null; origin?: string; cookie?: string | null } = {}): FastifyRequest {
  const csrf = options.csrf === undefined ? client.csrfToken : options.csrf;
  const cookie = options.cookie === undefined ? client.cookie : options.cookie;
  return {
    url: `/ops/v1/ws${csrf ? `?csrf=${encodeURIComponent(csrf)}` : ''}`,
    headers: { host: 'ops.lobby.example', origin: options.origin ?? 'https://ops.lobby.example', ...(cookie ? { cookie: `lobby_console=${cookie}` } : {}) },
  } as unknown as FastifyRequest;
}

describe('the console socket (/ops/v1/ws) and who opens it', () => {
  it("admits the session cookie with its CSRF token from a page of this site, with the member's permissions", async () => {
    const member = await enrolledStaff(server, ['support']);
    const client = await signedIn(server, member);
    const auth = consoleSocketAuth(server.staff.identity.sessions);
    const holder = await auth.authenticate(upgrade(client));
    expect(holder).toMatchObject({ kind: 'staff', id: member.id, name: member.login });
    expect(holder!.permissions.has('support.chat')).toBe(true);
    expect(holder!.permissions.has('finance.read')).toBe(false);
  });

  it("refuses another site's page riding the cookie, a missing or wrong CSRF token and no cookie", async () => {
    const client = await signedIn(server, await enrolledStaff(server, ['finance']));
    const auth = consoleSocketAuth(server.staff.identity.sessions);
    expect(await auth.authenticate(upgrade(client, { origin: 'https://evil.example' }))).toBeNull();
    expect(await auth.authenticate(upgrade(client, { csrf: null }))).toBeNull();
    expect(await auth.authenticate(upgrade(client, { csrf: 'not-the-token' }))).toBeNull();
    expect(await auth.authenticate(upgrade(client, { cookie: null }))).toBeNull();
  });

  it('lets go at the re-check once the member signed out, was disabled, or left the console idle', async () => {
    const auth = consoleSocketAuth(server.staff.identity.sessions);
    const owner = await signedIn(server, await enrolledStaff(server, ['owner']));

    const leaving = await signedIn(server, await enrolledStaff(server, ['support']));
    const left = (await auth.authenticate(upgrade(leaving)))!;
    expect(await auth.refresh(left)).not.toBeNull();
    expect((await leaving.call('/ops/v1/auth/signOut')).code).toBe(0);
    expect(await auth.refresh(left)).toBeNull();

    const disabledMember = await enrolledStaff(server, ['support']);
    const disabled = (await auth.authenticate(upgrade(await signedIn(server, disabledMember))))!;
    expect((await owner.call('/ops/v1/staff/disable', { staffId: disabledMember.id })).code).toBe(0);
    expect(await auth.refresh(disabled)).toBeNull();

    const idle = (await auth.authenticate(upgrade(await signedIn(server, await enrolledStaff(server, ['support'])))))!;
    // A re-check is not activity: the idle limit still ends the session.
    server.clock.advance(CONSOLE_IDLE_MS - 1_000);
    expect(await auth.refresh(idle)).not.toBeNull();
    server.clock.advance(2_000);
    expect(await auth.refresh(idle)).toBeNull();
  });
});
