import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { createAutomationKey } from '../../testing/ops-key.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { SupportChatRepository } from './support-chat.repo.ts';
import { SupportChatService, type ChatMessage } from './support-chat.service.ts';

const HMAC_TOKEN = 'chatwoot-hmac-token-0123456789';
const IMAGE_MAX = 4096;
const BODY_LIMIT = 4096;

/** The smallest valid PNG (1x1, transparent). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

let t: TestApp;
/** A key acting under a person's name, as the player sees it on an answer and the audit shows it. */
let ann: string;
beforeAll(async () => {
  t = await startTestApp({
    // Below the base64 of an image the chat accepts: the image call has a limit of its own.
    BODY_LIMIT_BYTES: String(BODY_LIMIT),
    CHAT_IMAGE_MAX_BYTES: String(IMAGE_MAX),
    CHATWOOT_BASE_URL: 'https://chat.example.com',
    CHATWOOT_WEBSITE_TOKEN: 'website-token-123',
    CHATWOOT_HMAC_TOKEN: HMAC_TOKEN,
  });
  ann = (await createAutomationKey(t.app.database.db, ['support.chat'], 'Ann')).key;
});
afterAll(async () => {
  await t?.close();
});

let ids = 0;
const msgId = () => `m-${process.pid}-${Date.now()}-${++ids}`;

const ops = (path: string, body: unknown, key?: string | null) => t.ops(path, body, key ?? (key === null ? null : ann));

const send = (token: string, text: string, clientMsgId = msgId()) => t.call<ChatMessage>('/v1/chat/send', { clientMsgId, text }, { token });
const history = (token: string, body: object = {}) => t.call('/v1/chat/history', body, { token });

/**
 * A player's chat client as the web app runs it: it keeps the messages by sequence number, shows a
 * pushed message that follows the last one it has, and asks for what came after its last one when
 * the socket comes back or a pushed number skips ahead.
 */
class ChatClient {
  socket!: WebSocket;
  /** Every chat.message frame the socket received, duplicates included. */
  readonly frames: ChatMessage[] = [];
  readonly log: ChatMessage[] = [];
  private catchingUp: Promise<void> = Promise.resolve();

  constructor(private readonly token: string) {}

  get lastSeq() {
    return this.log.at(-1)?.seq ?? 0;
  }

  async connect() {
    const socket = new WebSocket(t.url.replace('http', 'ws') + '/v1/ws');
    this.socket = socket;
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const authed = new Promise<void>((resolve) => {
      socket.on('message', (raw) => {
        const frame = JSON.parse(String(raw));
        if (frame.op === 'auth' && frame.ok) resolve();
        if (frame.channel === 'player' && frame.event === 'chat.message') {
          this.frames.push(frame.data);
          this.receive(frame.data);
        }
      });
    });
    socket.send(JSON.stringify({ op: 'auth', token: this.token }));
    await authed;
    await this.catchUp();
  }

  /** A dropped connection: the server never sees a close frame. */
  drop() {
    this.socket.terminate();
  }

  private receive(message: ChatMessage) {
    if (message.seq <= this.lastSeq) return;
    if (message.seq === this.lastSeq + 1) this.log.push(message);
    else void this.catchUp();
  }

  catchUp() {
    this.catchingUp = this.catchingUp.then(async () => {
      for (;;) {
        const page = await history(this.token, { afterSeq: this.lastSeq, limit: 100 });
        for (const message of page.data.list as ChatMessage[]) if (message.seq === this.lastSeq + 1) this.log.push(message);
        if (!page.data.hasMore) return;
      }
    });
    return this.catchingUp;
  }
}

async function until(check: () => boolean, ms = 5000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('support chat over the websocket', () => {
  it('delivers every message of two players and an operator once and in order, across a dropped socket', async () => {
    const alice = await t.registerPlayer();
    const bob = await t.registerPlayer();
    const a = new ChatClient(alice.token);
    const b = new ChatClient(bob.token);
    await a.connect();
    await b.connect();

    expect((await send(alice.token, 'a1: my deposit is missing')).data.seq).toBe(1);
    expect((await send(bob.token, 'b1: hello')).data.seq).toBe(1);
    const queue = (await ops('/ops/v1/chat/conversations', {})).data.conversations;
    const aliceConversation = queue.find((c: any) => c.playerId === alice.playerId).conversationId;
    const bobConversation = queue.find((c: any) => c.playerId === bob.playerId).conversationId;
    await ops('/ops/v1/chat/answer', { conversationId: aliceConversation, clientMsgId: msgId(), text: 'op: checking' });
    await ops('/ops/v1/chat/answer', { conversationId: bobConversation, clientMsgId: msgId(), text: 'op: hi Bob' });
    await until(() => a.log.length === 2 && b.log.length === 2);

    // Alice's phone loses signal; the operator answers twice and Bob writes while she is away.
    a.drop();
    await ops('/ops/v1/chat/answer', { conversationId: aliceConversation, clientMsgId: msgId(), text: 'op: found it' });
    await send(bob.token, 'b2: thanks');
    await ops('/ops/v1/chat/answer', { conversationId: aliceConversation, clientMsgId: msgId(), text: 'op: credited' });
    // Her app re-sends a message whose answer it never saw: the same client id stores nothing new.
    const pending = msgId();
    const first = await send(alice.token, 'a2: thank you', pending);
    const again = await send(alice.token, 'a2: thank you', pending);
    expect(again.data).toEqual(first.data);

    await a.connect();
    await send(alice.token, 'a3: bye');
    await ops('/ops/v1/chat/answer', { conversationId: bobConversation, clientMsgId: msgId(), text: 'op: welcome' });
    await until(() => a.log.length === 6 && b.log.length === 4);

    expect(a.log.map((m) => [m.seq, m.sender, m.text])).toEqual([
      [1, 'player', 'a1: my deposit is missing'],
      [2, 'operator', 'op: checking'],
      [3, 'operator', 'op: found it'],
      [4, 'operator', 'op: credited'],
      [5, 'player', 'a2: thank you'],
      [6, 'player', 'a3: bye'],
    ]);
    expect(b.log.map((m) => [m.seq, m.text])).toEqual([
      [1, 'b1: hello'],
      [2, 'op: hi Bob'],
      [3, 'b2: thanks'],
      [4, 'op: welcome'],
    ]);
    // The server pushed each message at most once to each socket, and never another player's.
    for (const client of [a, b]) expect(new Set(client.frames.map((m) => m.id)).size).toBe(client.frames.length);
    expect(a.frames.some((m) => m.text.startsWith('b'))).toBe(false);
    expect(b.frames.some((m) => m.text.startsWith('a'))).toBe(false);
    // What the clients hold is what the server stored.
    expect((await history(alice.token)).data.list).toEqual(a.log);
    a.socket.close();
    b.socket.close();
  });

  it('pushes the operator reading, typing and closing the conversation to the player', async () => {
    const player = await t.registerPlayer();
    const sent = await send(player.token, 'question');
    const conversationId = (await history(player.token)).data.conversationId;
    expect(sent.data.seq).toBe(1);
    const socket = new WebSocket(t.url.replace('http', 'ws') + '/v1/ws');
    const events: any[] = [];
    socket.on('message', (raw) => events.push(JSON.parse(String(raw))));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ op: 'auth', token: player.token }));
    await until(() => events.some((e) => e.op === 'auth'));
    await ops('/ops/v1/chat/conversation', { conversationId });
    await ops('/ops/v1/chat/typing', { conversationId, typing: true });
    expect((await ops('/ops/v1/chat/close', { conversationId })).data).toEqual({ conversationId, status: 'closed' });
    await until(() => events.some((e) => e.event === 'chat.status'));
    expect(events.filter((e) => e.channel === 'player').map((e) => [e.event, e.data])).toEqual([
      ['chat.read', { seq: 1 }],
      ['chat.typing', { typing: true }],
      ['chat.status', { status: 'closed' }],
    ]);
    // Writing again reopens it.
    await send(player.token, 'one more thing');
    expect((await history(player.token)).data.status).toBe('open');
    socket.close();
  });
});

describe('support chat on two instances', () => {
  it("delivers an answer given on one instance to the player's socket on the other, and shows typing across them", async () => {
    const other = await startTestApp({}, { alongside: t });
    try {
      const player = await t.registerPlayer();
      const socket = new WebSocket(other.url.replace('http', 'ws') + '/v1/ws');
      const frames: any[] = [];
      socket.on('message', (raw) => frames.push(JSON.parse(String(raw))));
      await new Promise((resolve) => socket.once('open', resolve));
      socket.send(JSON.stringify({ op: 'auth', token: player.token }));
      await until(() => frames.some((f) => f.op === 'auth'));

      await other.call('/v1/chat/send', { clientMsgId: msgId(), text: 'via instance two' }, { token: player.token });
      await other.call('/v1/chat/typing', { typing: true }, { token: player.token });
      const entry = (await ops('/ops/v1/chat/conversations', { limit: 200 })).data.conversations.find((c: any) => c.playerId === player.playerId);
      expect([entry.lastMessage.text, entry.playerTyping]).toEqual(['via instance two', true]);

      await ops('/ops/v1/chat/answer', { conversationId: entry.conversationId, clientMsgId: msgId(), text: 'from instance one' });
      await until(() => frames.some((f) => f.event === 'chat.message' && f.data.text === 'from instance one'));
      expect(frames.filter((f) => f.event === 'chat.message').map((f) => [f.data.seq, f.data.text])).toEqual([
        [1, 'via instance two'],
        [2, 'from instance one'],
      ]);
      socket.close();
    } finally {
      await other.close();
    }
  });
});

describe('/v1/chat/send', () => {
  it('stores one message for 20 parallel sends with the same client message id', async () => {
    const player = await t.registerPlayer();
    const id = msgId();
    const replies = await Promise.all(Array.from({ length: 20 }, () => send(player.token, 'same', id)));
    expect(new Set(replies.map((r) => `${r.code}:${r.data?.id}:${r.data?.seq}`))).toEqual(new Set([`0:${replies[0].data.id}:1`]));
    expect((await history(player.token)).data.list).toHaveLength(1);
  });

  it('numbers 20 parallel different messages 1 to 20 without gaps', async () => {
    const player = await t.registerPlayer();
    await Promise.all(Array.from({ length: 20 }, (_, i) => send(player.token, `message ${i}`)));
    const list = (await history(player.token, { limit: 100 })).data.list as ChatMessage[];
    expect(list.map((m) => m.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('refuses empty or too long text and an invalid client id, storing nothing', async () => {
    const player = await t.registerPlayer();
    expect((await send(player.token, '   ')).code).toBe(12);
    expect((await send(player.token, 'x'.repeat(2001))).code).toBe(12);
    expect((await send(player.token, 'hi', 'bad id!')).code).toBe(12);
    expect((await history(player.token)).data).toMatchObject({ conversationId: null, list: [] });
  });

  it('needs a signed-in player', async () => {
    expect((await t.call('/v1/chat/send', { clientMsgId: msgId(), text: 'hi' })).status).toBe(401);
  });
});

describe('/v1/chat/history', () => {
  it("refuses another player's conversation", async () => {
    const owner = await t.registerPlayer();
    const other = await t.registerPlayer();
    await send(owner.token, 'private');
    const conversationId = (await history(owner.token)).data.conversationId;
    const refused = await history(other.token, { conversationId });
    expect(refused.code).toBe(15);
    expect(refused.data).toBeNull();
    expect((await history(owner.token, { conversationId })).data.list.map((m: ChatMessage) => m.text)).toEqual(['private']);
  });

  it('pages back from the newest messages and forward from a seen one', async () => {
    const player = await t.registerPlayer();
    for (let i = 1; i <= 7; i++) await send(player.token, `m${i}`);
    const newest = (await history(player.token, { limit: 3 })).data;
    expect(newest.list.map((m: ChatMessage) => m.seq)).toEqual([5, 6, 7]);
    expect(newest.hasMore).toBe(true);
    const older = (await history(player.token, { beforeSeq: 5, limit: 3 })).data;
    expect(older.list.map((m: ChatMessage) => m.seq)).toEqual([2, 3, 4]);
    const oldest = (await history(player.token, { beforeSeq: 2, limit: 3 })).data;
    expect([oldest.list.map((m: ChatMessage) => m.seq), oldest.hasMore]).toEqual([[1], false]);
    const after = (await history(player.token, { afterSeq: 5 })).data;
    expect([after.list.map((m: ChatMessage) => m.seq), after.hasMore]).toEqual([[6, 7], false]);
    expect((await history(player.token, { afterSeq: 1, beforeSeq: 5 })).code).toBe(12);
  });
});

describe('/v1/chat/sendImage', () => {
  const sendImage = (token: string, bytes: Buffer, extra: object = {}, clientMsgId = msgId()) =>
    t.call<ChatMessage>('/v1/chat/sendImage', { clientMsgId, image: bytes.toString('base64'), ...extra }, { token });

  it("stores a PNG and serves the same bytes at the message's URL", async () => {
    const player = await t.registerPlayer();
    const reply = await sendImage(player.token, PNG, { type: 'image/png', text: 'screenshot' });
    expect(reply.code).toBe(0);
    expect(reply.data).toMatchObject({ seq: 1, text: 'screenshot', imageUrl: expect.stringMatching(/^\/media\/[0-9a-f]{32}\.png$/) });
    const served = await fetch(t.url + reply.data.imageUrl);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('takes an image whose upload is larger than the body limit of other calls', async () => {
    const player = await t.registerPlayer();
    const image = Buffer.concat([PNG, Buffer.alloc(IMAGE_MAX - PNG.length)]);
    expect(image.toString('base64').length).toBeGreaterThan(BODY_LIMIT);
    expect((await sendImage(player.token, image)).code).toBe(0);
    expect((await t.call('/v1/chat/send', { clientMsgId: msgId(), text: 'x'.repeat(BODY_LIMIT) }, { token: player.token })).code).toBe(4);
  });

  it('judges the type by the bytes, not by what the sender declares', async () => {
    const player = await t.registerPlayer();
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    expect((await sendImage(player.token, html, { type: 'image/png' })).code).toBe(12);
    expect((await sendImage(player.token, PNG, { type: 'image/jpeg' })).code).toBe(12);
    expect((await history(player.token)).data.list).toEqual([]);
  });

  it('refuses an image over the configured size', async () => {
    const player = await t.registerPlayer();
    const large = Buffer.concat([PNG, Buffer.alloc(IMAGE_MAX)]);
    expect((await sendImage(player.token, large)).code).toBe(4);
    expect((await history(player.token)).data.list).toEqual([]);
  });

  it('stores one message when an upload is retried with the same client id', async () => {
    const player = await t.registerPlayer();
    const id = msgId();
    const [one, two] = [await sendImage(player.token, PNG, {}, id), await sendImage(player.token, PNG, {}, id)];
    expect(two.data).toEqual(one.data);
    expect((await history(player.token)).data.list).toHaveLength(1);
  });
});

describe('/ops/v1/chat', () => {
  it('lists unanswered conversations first, the longest wait first, with the player and the last message', async () => {
    const answered = await t.registerPlayer();
    const waitingLong = await t.registerPlayer();
    const waitingShort = await t.registerPlayer();
    await send(answered.token, 'question');
    await send(waitingLong.token, 'first');
    await send(waitingShort.token, 'second');
    const answeredId = (await history(answered.token)).data.conversationId;
    await ops('/ops/v1/chat/answer', { conversationId: answeredId, clientMsgId: msgId(), text: 'answer' });
    const mine = new Set([answered.playerId, waitingLong.playerId, waitingShort.playerId]);
    const queue = (await ops('/ops/v1/chat/conversations', { limit: 200 })).data.conversations.filter((c: any) => mine.has(c.playerId));
    expect(queue.map((c: any) => [c.playerId, c.awaitingReply, c.lastMessage.text])).toEqual([
      [waitingLong.playerId, true, 'first'],
      [waitingShort.playerId, true, 'second'],
      [answered.playerId, false, 'answer'],
    ]);
    expect(queue[0].nickname).toEqual(expect.any(String));
  });

  it('shows the player typing in the queue for a few seconds', async () => {
    const player = await t.registerPlayer();
    await send(player.token, 'hello');
    await t.call('/v1/chat/typing', { typing: true }, { token: player.token });
    const find = async () => (await ops('/ops/v1/chat/conversations', { limit: 200 })).data.conversations.find((c: any) => c.playerId === player.playerId);
    expect((await find()).playerTyping).toBe(true);
    await t.call('/v1/chat/typing', { typing: false }, { token: player.token });
    expect((await find()).playerTyping).toBe(false);
  });

  it('reads a conversation, marking it read, and answers idempotently', async () => {
    const player = await t.registerPlayer();
    await send(player.token, 'one');
    await send(player.token, 'two');
    const conversationId = (await history(player.token)).data.conversationId;
    const read = (await ops('/ops/v1/chat/conversation', { conversationId })).data;
    expect(read.list.map((m: ChatMessage) => m.text)).toEqual(['one', 'two']);
    expect((await history(player.token)).data.operatorReadSeq).toBe(2);
    // What the player wrote is their personal data: the audit marks the view so, against the player.
    const { rows } = await sql<{
      kind: string;
      actor_name: string;
    }>`select kind, actor_name from audit_records where action = '/ops/v1/chat/conversation' and target = ${`player:${player.playerId}`}`.execute(
      t.app.database.db,
    );
    expect(rows).toEqual([{ kind: 'pii', actor_name: 'Ann' }]);
    const id = msgId();
    const a = await ops('/ops/v1/chat/answer', { conversationId, clientMsgId: id, text: 'reply' });
    const b = await ops('/ops/v1/chat/answer', { conversationId, clientMsgId: id, text: 'reply' });
    expect(b.data).toEqual(a.data);
    expect(a.data).toMatchObject({ seq: 3, sender: 'operator', operatorName: 'Ann' });
  });

  it("assigns a conversation to the caller, shows who holds it in the queue, filters the caller's own, and releases it", async () => {
    const bob = (await createAutomationKey(t.app.database.db, ['support.chat'], 'Bob')).key;
    const player = await t.registerPlayer();
    await send(player.token, 'who is looking after me?');
    const conversationId = (await history(player.token)).data.conversationId;
    const row = async (key: string, mine = false) =>
      (await ops('/ops/v1/chat/conversations', { limit: 200, mine }, key)).data.conversations.find((c: any) => c.conversationId === conversationId);
    expect(await row(ann)).toMatchObject({ assignedTo: null, mine: false, awaitingReply: true, lastMessage: { text: 'who is looking after me?' } });
    expect(await row(ann, true)).toBeUndefined();

    const heard: unknown[] = [];
    const stopListening = t.app.bus.subscribe('chat.assigned', (event) => void heard.push(event));
    const taken = await ops('/ops/v1/chat/assign', { conversationId });
    expect(taken.data).toEqual({ conversationId, assignedTo: { kind: 'key', id: expect.any(Number), name: 'Ann' }, previous: null });
    // Every console following the queue hears of the new holder.
    await vi.waitFor(() => expect(heard).toEqual([{ conversationId, holder: 'Ann' }]));
    stopListening();
    expect(await row(ann)).toMatchObject({ assignedTo: { kind: 'key', name: 'Ann' }, mine: true });
    expect(await row(ann, true)).toMatchObject({ conversationId });
    expect(await row(bob)).toMatchObject({ assignedTo: { name: 'Ann' }, mine: false });
    expect(await row(bob, true)).toBeUndefined();
    expect((await ops('/ops/v1/chat/conversation', { conversationId }, bob)).data).toMatchObject({ assignedTo: { name: 'Ann' }, mine: false });
    expect((await ops('/ops/v1/chat/conversation', { conversationId })).data).toMatchObject({ assignedTo: { name: 'Ann' }, mine: true });

    // Another person takes it over: the queue says so, and the audit keeps who held it before.
    expect((await ops('/ops/v1/chat/assign', { conversationId }, bob)).data).toMatchObject({ assignedTo: { name: 'Bob' }, previous: { name: 'Ann' } });
    expect(await row(ann, true)).toBeUndefined();
    expect(await row(bob, true)).toMatchObject({ assignedTo: { name: 'Bob' }, mine: true });
    const { rows } = await sql<{ actor_name: string; before: unknown; after: unknown }>`
      select actor_name, before, after from audit_records where action = '/ops/v1/chat/assign' and target = ${`conversation:${conversationId}`} order by id`.execute(
      t.app.database.db,
    );
    expect(rows.map((r) => [r.actor_name, r.before, r.after])).toEqual([
      ['Ann', { assignedTo: null }, { assignedTo: 'Ann' }],
      ['Bob', { assignedTo: 'Ann' }, { assignedTo: 'Bob' }],
    ]);

    expect((await ops('/ops/v1/chat/assign', { conversationId, release: true }, bob)).data).toMatchObject({ assignedTo: null, previous: { name: 'Bob' } });
    expect(await row(ann)).toMatchObject({ assignedTo: null, mine: false });
  });

  it('refuses to assign an unknown conversation, to a holder the body names, or a release that is not true', async () => {
    expect((await ops('/ops/v1/chat/assign', { conversationId: 9_999_999 })).code).toBe(15);
    expect((await ops('/ops/v1/chat/assign', { conversationId: 1, holder: 'Ann' })).code).toBe(12);
    expect((await ops('/ops/v1/chat/assign', { conversationId: 1, release: false })).code).toBe(12);
    const mailOnly = (await createAutomationKey(t.app.database.db, ['support.mail'])).key;
    expect(await ops('/ops/v1/chat/assign', { conversationId: 1 }, mailOnly)).toMatchObject({ status: 403, code: 10055 });
  });

  it('refuses a missing key, a key without support.chat, bad input, a typed operator name and an unknown conversation', async () => {
    expect((await ops('/ops/v1/chat/conversations', {}, null)).status).toBe(401);
    expect((await ops('/ops/v1/chat/conversations', {}, 'wrong-key-wrong-key')).status).toBe(401);
    const mailOnly = (await createAutomationKey(t.app.database.db, ['support.mail'])).key;
    expect(await ops('/ops/v1/chat/conversations', {}, mailOnly)).toMatchObject({ status: 403, code: 10055 });
    expect((await ops('/ops/v1/chat/answer', { conversationId: 1, clientMsgId: msgId(), text: '' })).code).toBe(12);
    expect((await ops('/ops/v1/chat/answer', { conversationId: 1, clientMsgId: msgId(), text: 'hi', by: 'Ann' })).code).toBe(12);
    expect((await ops('/ops/v1/chat/close', { conversationId: 9_999_999 })).code).toBe(15);
    expect((await ops('/ops/v1/chat/conversations', { status: 'everything' })).code).toBe(12);
  });
});

describe('/v1/chat/widget', () => {
  it("signs the player's identifier on the server with the Chatwoot HMAC token", async () => {
    const player = await t.registerPlayer();
    const reply = await t.call('/v1/chat/widget', {}, { token: player.token });
    const identifier = `player-${player.playerId}`;
    expect(reply.data).toEqual({
      provider: 'chatwoot',
      baseUrl: 'https://chat.example.com',
      websiteToken: 'website-token-123',
      identifier,
      identifierHash: createHmac('sha256', HMAC_TOKEN).update(identifier).digest('hex'),
      name: expect.any(String),
    });
  });

  it("lets the page load the widget's script from the configured Chatwoot server only", async () => {
    const response = await fetch(`${t.url}/healthz`);
    const scriptSrc = response.headers
      .get('content-security-policy')!
      .split('; ')
      .find((d) => d.startsWith('script-src'));
    expect(scriptSrc).toBe("script-src 'self' https://chat.example.com");
  });

  it('takes no identity from the client', async () => {
    const player = await t.registerPlayer();
    expect((await t.call('/v1/chat/widget', { identifier: 'player-1' }, { token: player.token })).code).toBe(12);
    expect((await t.call('/v1/chat/widget', {})).status).toBe(401);
  });

  it('is null when no widget is configured', async () => {
    const players = { find: async () => undefined, nicknames: async () => new Map() };
    const service = new SupportChatService(new SupportChatRepository(t.app.database.db), t.app.bus, players, { imageMaxBytes: IMAGE_MAX });
    expect(await service.widget(1)).toBeNull();
    service.close();
  });
});
