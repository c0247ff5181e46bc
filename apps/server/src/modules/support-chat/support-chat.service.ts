import { createHmac } from 'node:crypto';
import type { CallResponse, chatCalls } from '@lobby/contract';
import type { EventBus } from '../../events/event-bus.ts';
import { fail } from '../../http/app-error.ts';
import { pushToPlayer } from '../../realtime/realtime.ts';
import type { MediaService } from '../media/media.service.ts';
import type { PlayerService } from '../player/player.service.ts';
import type { ChatQuotas } from './chat-quotas.ts';
import type { ConversationRow, MessageRow, NewMessage, SupportChatRepository } from './support-chat.repo.ts';

export type ChatMessage = CallResponse<typeof chatCalls.send>;
export type ChatWidget = CallResponse<typeof chatCalls.widget>;

/** Events pushed to the player's sockets on channel `player`. */
export const CHAT_MESSAGE_EVENT = 'chat.message';
export const CHAT_TYPING_EVENT = 'chat.typing';
export const CHAT_STATUS_EVENT = 'chat.status';
export const CHAT_READ_EVENT = 'chat.read';
/** Bus topic: a player typing, heard by every instance so any of them can show it in the operator queue. */
const PLAYER_TYPING_TOPIC = 'support-chat.typing';
/** A typing signal lasts this long unless renewed; clients renew it every few seconds while typing. */
export const TYPING_TTL_MS = 6000;

/** Where chat images go: the media store checks the real type (magic bytes) and size and answers the URL it serves. */
export type ChatImageStore = Pick<MediaService, 'store'>;
/** Screenshots and photos; no SVG, which could carry script. */
const IMAGE_KINDS = ['png', 'jpeg', 'webp', 'gif'] as const;

export interface ChatwootSettings {
  baseUrl: string;
  websiteToken: string;
  hmacToken?: string;
}

export interface SupportChatOptions {
  imageMaxBytes: number;
  images?: ChatImageStore;
  /** Per-player limits of messages, images and stored media; none when absent. */
  quotas?: ChatQuotas;
  chatwoot?: ChatwootSettings;
}

export type HistoryRange = { conversationId?: number; afterSeq?: number; beforeSeq?: number; limit?: number };

const DEFAULT_PAGE = 30;

/**
 * The support conversation of each player and the operator's side of it. Every message gets the
 * next number of its conversation and is pushed to the player's sockets on every instance; a client
 * that lost its socket asks for what came after the last number it saw, so nothing is lost, and
 * it keys messages by number, so nothing is shown twice.
 */
export class SupportChatService {
  private readonly typingUntil = new Map<number, number>();
  private readonly offTyping: () => void;

  constructor(
    private readonly repo: SupportChatRepository,
    private readonly bus: EventBus,
    private readonly players: Pick<PlayerService, 'find' | 'nicknames'>,
    private readonly options: SupportChatOptions,
  ) {
    this.offTyping = bus.subscribe(PLAYER_TYPING_TOPIC, (event: { playerId: number; until: number }) => {
      if (event.until > Date.now()) this.typingUntil.set(event.playerId, event.until);
      else this.typingUntil.delete(event.playerId);
    });
  }

  close() {
    this.offTyping();
  }

  // ---- the player ----

  async history(playerId: number, range: HistoryRange) {
    const conversation = await this.repo.findByPlayer(playerId);
    // The player's own conversation only, whatever id is asked for.
    if (range.conversationId !== undefined && (!conversation || Number(conversation.id) !== range.conversationId)) {
      throw fail('NO_PLAYER_DATA', 'not your conversation');
    }
    if (!conversation) return { conversationId: null, status: null, lastSeq: 0, operatorReadSeq: 0, list: [], hasMore: false };
    const page = await this.repo.messages(conversation.id, { afterSeq: range.afterSeq, beforeSeq: range.beforeSeq, limit: range.limit ?? DEFAULT_PAGE });
    return { ...state(conversation), list: page.list.map(toMessage), hasMore: page.hasMore };
  }

  async sendText(playerId: number, clientMsgId: string, text: string) {
    if (this.options.quotas) {
      // A retried send is answered from the stored message and counts once.
      const stored = await this.repo.findMessageByClientId(playerId, clientMsgId);
      if (stored) return toMessage(stored);
      await this.options.quotas.message(playerId);
    }
    return this.post(playerId, { sender: 'player', operatorName: null, clientMsgId, body: text, imageUrl: null });
  }

  async sendImage(playerId: number, input: { clientMsgId: string; image: string; type?: string; text?: string }) {
    // A retried upload is answered from the stored message, without storing the bytes again.
    const stored = await this.repo.findMessageByClientId(playerId, input.clientMsgId);
    if (stored) return toMessage(stored);
    if (!this.options.images) throw fail('CONFIG_NOT_FOUND', 'image uploads are not available');
    const images = this.options.images;
    const bytes = Buffer.from(input.image, 'base64');
    // Size (code 4) and the real type by magic bytes, whatever was declared (code 12), are the store's checks.
    const upload = { bytes, declaredType: input.type, maxBytes: this.options.imageMaxBytes, kinds: IMAGE_KINDS, purpose: 'chat' };
    const quotas = this.options.quotas;
    // The message, the image's hour and day and what the player owns in the store are counted with
    // the bytes in one transaction: a refusal (10054) stores and counts nothing.
    const { url } = quotas
      ? await quotas.transaction(async (trx) => {
          await quotas.message(playerId, trx);
          await quotas.image(trx, playerId, bytes.byteLength);
          return images.store(upload, { db: trx, playerId, capBytes: quotas.current().mediaBytesPerPlayer });
        })
      : await images.store(upload);
    return this.post(playerId, { sender: 'player', operatorName: null, clientMsgId: input.clientMsgId, body: input.text ?? '', imageUrl: url });
  }

  async typing(playerId: number, typing: boolean) {
    await this.bus.publish(PLAYER_TYPING_TOPIC, { playerId, until: typing ? Date.now() + TYPING_TTL_MS : 0 });
  }

  async read(playerId: number, seq: number) {
    const conversation = await this.repo.findByPlayer(playerId);
    if (conversation) await this.repo.markRead(conversation.id, 'player', seq);
  }

  /** The external widget with the player's identity signed here: the client never chooses who it is. */
  async widget(playerId: number): Promise<ChatWidget> {
    const settings = this.options.chatwoot;
    if (!settings) return null;
    const player = await this.players.find(playerId);
    if (!player) throw fail('PLAYER_MISSING');
    const identifier = chatwootIdentifier(playerId);
    return {
      provider: 'chatwoot',
      baseUrl: settings.baseUrl,
      websiteToken: settings.websiteToken,
      identifier,
      identifierHash: settings.hmacToken ? signIdentifier(settings.hmacToken, identifier) : null,
      name: player.nickname,
    };
  }

  // ---- the operator ----

  /** The queue; `caller` marks the conversations they hold, and with `mine` keeps only those. */
  async queue(options: { status: 'open' | 'closed' | 'all'; limit: number; offset: number; mine?: boolean }, caller?: ChatHolder) {
    const rows = await this.repo.queue({ ...options, holder: options.mine && caller ? caller : undefined });
    const names = await this.players.nicknames(rows.map((row) => row.player_id));
    const now = Date.now();
    return rows.map((row) => ({
      ...state(row),
      playerId: row.player_id,
      nickname: names.get(row.player_id) ?? null,
      awaitingReply: row.awaiting_reply,
      waitingSince: row.waiting_since?.toISOString() ?? null,
      unread: Math.max(0, row.last_seq - row.operator_read_seq),
      playerTyping: (this.typingUntil.get(row.player_id) ?? 0) > now,
      lastMessage: row.last_at
        ? { sender: row.last_sender, text: row.last_body ?? '', imageUrl: row.last_image_url, createdAt: row.last_at.toISOString() }
        : null,
      updatedAt: row.updated_at.toISOString(),
      assignedTo: holderOf(row),
      mine: caller !== undefined && sameHolder(holderOf(row), caller),
    }));
  }

  /** Gives the conversation to `holder` (taking it from whoever held it), or with null lets it go. */
  async assign(conversationId: number, holder: ChatHolder | null) {
    const change = await this.repo.assign(String(conversationId), holder);
    if (!change) throw fail('NO_PLAYER_DATA', 'no such conversation');
    const assignedTo = holderOf(change.after);
    // Every console following the queue shows the new holder at once, on whichever instance.
    await this.bus.publish('chat.assigned', { conversationId, holder: assignedTo?.name ?? null });
    return { conversationId, assignedTo, previous: holderOf(change.before) };
  }

  /** One conversation as the operator reads it; reading it marks it read up to its last message shown. */
  async conversation(conversationId: number, range: { afterSeq?: number; beforeSeq?: number; limit?: number }, caller?: ChatHolder) {
    const conversation = await this.requireConversation(conversationId);
    const page = await this.repo.messages(conversation.id, { ...range, limit: range.limit ?? DEFAULT_PAGE });
    const last = page.list.at(-1);
    if (last && last.seq > conversation.operator_read_seq) {
      await this.repo.markRead(conversation.id, 'operator', last.seq);
      // The player's "Read" marks follow at once.
      await pushToPlayer(this.bus, { playerId: conversation.player_id, event: CHAT_READ_EVENT, data: { seq: last.seq } });
    }
    const names = await this.players.nicknames([conversation.player_id]);
    return {
      ...state(conversation),
      playerId: conversation.player_id,
      nickname: names.get(conversation.player_id) ?? null,
      playerReadSeq: conversation.player_read_seq,
      playerTyping: (this.typingUntil.get(conversation.player_id) ?? 0) > Date.now(),
      list: page.list.map(toMessage),
      hasMore: page.hasMore,
      assignedTo: holderOf(conversation),
      mine: caller !== undefined && sameHolder(holderOf(conversation), caller),
    };
  }

  async answer(conversationId: number, operatorName: string, clientMsgId: string, text: string) {
    const conversation = await this.requireConversation(conversationId);
    return this.post(conversation.player_id, { sender: 'operator', operatorName, clientMsgId, body: text, imageUrl: null });
  }

  async operatorTyping(conversationId: number, typing: boolean) {
    const conversation = await this.requireConversation(conversationId);
    await pushToPlayer(this.bus, { playerId: conversation.player_id, event: CHAT_TYPING_EVENT, data: { typing } });
  }

  async closeConversation(conversationId: number, by: string) {
    const before = await this.requireConversation(conversationId);
    const after = (await this.repo.close(before.id, by))!;
    await pushToPlayer(this.bus, { playerId: after.player_id, event: CHAT_STATUS_EVENT, data: { status: after.status } });
    return { before: before.status, after: after.status };
  }

  private async requireConversation(conversationId: number): Promise<ConversationRow> {
    const conversation = await this.repo.findById(String(conversationId));
    if (!conversation) throw fail('NO_PLAYER_DATA', 'no such conversation');
    return conversation;
  }

  private async post(playerId: number, input: NewMessage): Promise<ChatMessage> {
    const { message, created } = await this.repo.append(playerId, input);
    const shown = toMessage(message);
    // A retried send was pushed the first time; pushing it again is harmless (clients key by seq) but noisy.
    if (created) {
      await pushToPlayer(this.bus, { playerId, event: CHAT_MESSAGE_EVENT, data: shown });
      // The operators' queue hears every new message, on whichever instance a console follows it.
      await this.bus.publish('chat.message', { conversationId: Number(message.conversation_id), playerId, seq: message.seq, sender: message.sender });
    }
    return shown;
  }
}

export type ChatHolder = { kind: 'staff' | 'key'; id: number; name: string };

function holderOf(row: ConversationRow): ChatHolder | null {
  if (row.assigned_staff_kind === null || row.assigned_staff_id === null || row.assigned_staff_name === null) return null;
  return { kind: row.assigned_staff_kind, id: Number(row.assigned_staff_id), name: row.assigned_staff_name };
}

const sameHolder = (a: ChatHolder | null, b: Pick<ChatHolder, 'kind' | 'id'>) => a !== null && a.kind === b.kind && a.id === b.id;

function state(conversation: ConversationRow) {
  return {
    conversationId: Number(conversation.id),
    status: conversation.status,
    lastSeq: conversation.last_seq,
    operatorReadSeq: conversation.operator_read_seq,
  };
}

function toMessage(row: MessageRow): ChatMessage {
  return {
    id: Number(row.id),
    seq: row.seq,
    sender: row.sender,
    operatorName: row.operator_name,
    clientMsgId: row.client_msg_id,
    text: row.body,
    imageUrl: row.image_url,
    createdAt: row.created_at.toISOString(),
  };
}

/** How the widget names a player: stable, and nothing the player can change. */
export function chatwootIdentifier(playerId: number): string {
  return `player-${playerId}`;
}

/** Chatwoot's identity validation: HMAC-SHA256 of the identifier with the inbox's HMAC token, hex. */
export function signIdentifier(hmacToken: string, identifier: string): string {
  return createHmac('sha256', hmacToken).update(identifier).digest('hex');
}
