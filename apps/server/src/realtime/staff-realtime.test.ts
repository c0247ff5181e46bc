import type { Permission } from '@lobby/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { DomainEvents } from '../events/domain-events.ts';
import { createInstanceBus, createMemoryEventBus, type EventBus } from '../events/event-bus.ts';
import { connectSocket, type TestSocket } from '../testing/test-socket.ts';
import { registerStaffRealtime, STAFF_SOCKET_REFUSED, STAFF_SOCKET_SIGNED_OUT, type StaffSocketHolder } from './staff-realtime.ts';

/** Staff as the authenticator knows them now, by the name the test's upgrade request carries. */
type Staff = Map<string, StaffSocketHolder>;

const servers: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A server with the console socket; its holders are looked up in `staff` on every check. */
async function consoleServer(bus: EventBus, staff: Staff, recheckMs = 60_000) {
  const http = Fastify();
  servers.push(http);
  const byId = (id: number) => [...staff.values()].find((holder) => holder.id === id) ?? null;
  await registerStaffRealtime(http, bus, {
    authenticate: async (request) => staff.get(String(request.headers['x-staff'])) ?? null,
    refresh: async (holder) => byId(holder.id),
    recheckMs,
    heartbeatMs: 60_000,
  });
  const url = await http.listen({ host: '127.0.0.1', port: 0 });
  return { url };
}

async function signedIn(server: { url: string }, name: string): Promise<TestSocket> {
  const socket = await connectSocket(server, { headers: { 'x-staff': name } }, '/ops/v1/ws');
  expect(await socket.next()).toEqual({ op: 'ready' });
  return socket;
}

const holder = (id: number, ...permissions: Permission[]): StaffSocketHolder => ({ id, permissions: new Set(permissions) });
const message: DomainEvents['chat.message'] = { conversationId: 3, playerId: 100012, seq: 7, sender: 'player' };

/** Pings and expects the pong next: a frame sent before it would have come first. */
async function expectNothingBefore(socket: TestSocket) {
  socket.send({ op: 'ping' });
  expect(await socket.next()).toEqual({ op: 'pong' });
}

describe('/ops/v1/ws', () => {
  it('refuses a socket nobody signed in opened', async () => {
    const server = await consoleServer(createMemoryEventBus(), new Map());
    const socket = await connectSocket(server, {}, '/ops/v1/ws');
    expect(await socket.closed).toBe(STAFF_SOCKET_REFUSED);
  });

  it('sends each staff event to the holders of its permission only, from whichever instance published it', async () => {
    const shared = createMemoryEventBus();
    const [here, elsewhere] = [createInstanceBus(shared), createInstanceBus(shared)];
    const server = await consoleServer(
      here,
      new Map([
        ['support', holder(1, 'support.chat')],
        ['finance', holder(2, 'finance.withdrawals.review', 'finance.read')],
      ]),
    );
    const [support, finance] = [await signedIn(server, 'support'), await signedIn(server, 'finance')];

    await elsewhere.publish('chat.message', message);
    const withdrawal: DomainEvents['withdrawal.state'] = { withdrawalId: '9', playerId: 100012, currency: 'USDT', amount: '250', status: 'pending_review' };
    await elsewhere.publish('withdrawal.state', withdrawal);

    expect(await support.next()).toEqual({ channel: 'staff', event: 'chat.message', data: message });
    await expectNothingBefore(support);
    expect(await finance.next()).toEqual({ channel: 'staff', event: 'withdrawal.state', data: withdrawal });
    await expectNothingBefore(finance);
  });

  it('shows an alert to the holders of the permission it names', async () => {
    const bus = createMemoryEventBus();
    const server = await consoleServer(
      bus,
      new Map([
        ['risk', holder(1, 'risk.read')],
        ['support', holder(2, 'support.chat')],
      ]),
    );
    const [risk, support] = [await signedIn(server, 'risk'), await signedIn(server, 'support')];
    const alert: DomainEvents['alert'] = { kind: 'ledger', severity: 'critical', message: 'ledger check failed', permission: 'risk.read' };
    await bus.publish('alert', alert);
    expect(await risk.next()).toEqual({ channel: 'staff', event: 'alert', data: alert });
    await expectNothingBefore(support);
  });

  it('closes the sockets of a staff member whose session ended at once, and follows a change of permissions', async () => {
    const bus = createMemoryEventBus();
    const staff: Staff = new Map([
      ['ann', holder(1, 'support.chat')],
      ['bob', holder(2, 'support.chat')],
    ]);
    const server = await consoleServer(bus, staff);
    const [ann, bob] = [await signedIn(server, 'ann'), await signedIn(server, 'bob')];

    staff.set('bob', holder(2));
    staff.delete('ann');
    await bus.publish('staff.session.ended', { staffId: 1 });
    await bus.publish('staff.session.ended', { staffId: 2 });
    expect(await ann.closed).toBe(STAFF_SOCKET_SIGNED_OUT);
    await expectNothingBefore(bob);
    await bus.publish('chat.message', message);
    await expectNothingBefore(bob);
  });

  it('lets go of a holder signed out without an announcement at the next re-check', async () => {
    const bus = createMemoryEventBus();
    const staff: Staff = new Map([['ann', holder(1, 'support.chat')]]);
    const server = await consoleServer(bus, staff, 50);
    const ann = await signedIn(server, 'ann');
    staff.clear();
    expect(await ann.closed).toBe(STAFF_SOCKET_SIGNED_OUT);
  });
});
