import { MAIL_EVENT, normalizeLanguage, type Language } from '@lobby/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { fail } from '../../http/app-error.ts';
import type { ProtectionGate } from '../protection/protection-gate.ts';
import { pushToAllPlayers, pushToPlayer } from '../../realtime/realtime.ts';
import type { AuthenticatedSession } from '../player/session.service.ts';
import type { PlayerService } from '../player/player.service.ts';
import { MailBoxRepository, type MailAudience, type MailRow, type MailViewer, type SentMailRow } from './mail-box.repo.ts';

/** A text in the reader's language, else English, else any. */
export function textIn(texts: Record<string, string>, lang: Language): string {
  return texts[lang] ?? texts.en_US ?? Object.values(texts)[0] ?? '';
}

function mailView(row: MailRow, lang: Language) {
  return {
    id: Number(row.id),
    category: row.category,
    title: textIn(row.title, lang),
    content: textIn(row.content, lang),
    isRead: row.is_read,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at?.toISOString() ?? null,
  };
}

export function sentView(row: SentMailRow) {
  return {
    id: Number(row.id),
    audience:
      row.audience === 'player'
        ? { kind: 'player' as const, playerId: row.player_id }
        : row.audience === 'segment'
          ? { kind: 'segment' as const, vipMin: row.vip_min, vipMax: row.vip_max, registeredSince: row.registered_since?.toISOString() ?? null }
          : { kind: 'all' as const },
    category: row.category,
    title: row.title,
    content: row.content,
    requestKey: row.request_key,
    sentBy: row.sent_by,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at?.toISOString() ?? null,
  };
}

export interface SendMailInput {
  audience: MailAudience;
  category: number;
  title: Record<Language, string>;
  content: Record<Language, string>;
  expiresAt: Date | null;
  requestKey: string | null;
}

/**
 * The site-mail inbox. A message is one row whoever it reaches; a player's read and deleted marks are
 * rows of their own, written when they act. After a send, the recipients' sockets hear `mail`: with
 * the new unread count for a message to one player; with the audience after a broadcast or segment,
 * which every signed-in socket hears and each client matches against its own profile.
 */
export class MailBoxService {
  /** A player in a time-out or self-exclusion gets no marketing: no broadcast or segment mail. */
  protection?: Pick<ProtectionGate, 'isPaused'>;

  constructor(
    private readonly db: Db,
    private readonly players: Pick<PlayerService, 'load' | 'find'>,
    private readonly bus: EventBus,
    private readonly log?: FastifyBaseLogger,
  ) {}

  private async viewer(session: AuthenticatedSession): Promise<MailViewer> {
    const player = await this.players.load(session);
    return {
      playerId: session.playerId,
      vipLevel: player.vipLevel,
      registeredAt: new Date(player.createdAt),
      marketing: !this.protection?.isPaused(session.playerId),
    };
  }

  async mailData(
    session: AuthenticatedSession,
    input: { page: number; pageSize: number; category?: number; unreadOnly?: boolean; id?: number; language?: string },
    lang: Language,
  ) {
    const language = normalizeLanguage(input.language) ?? lang;
    const { rows, total } = await new MailBoxRepository(this.db).page(
      await this.viewer(session),
      { category: input.category, unreadOnly: input.unreadOnly, id: input.id },
      { offset: (input.page - 1) * input.pageSize, limit: input.pageSize },
    );
    return { list: rows.map((row) => mailView(row, language)), total, page: input.page, pageSize: input.pageSize };
  }

  async newMail(session: AuthenticatedSession, lang: Language) {
    const viewer = await this.viewer(session);
    const repo = new MailBoxRepository(this.db);
    const [unread, latest] = await Promise.all([repo.unreadCount(viewer), repo.page(viewer, { unreadOnly: true }, { offset: 0, limit: 1 })]);
    return { unread, latest: latest.rows[0] ? mailView(latest.rows[0], lang) : null };
  }

  /** Marks some messages (all of which must be the player's to see) or every message read. */
  async readMail(session: AuthenticatedSession, input: { ids?: number[]; all?: true }) {
    const viewer = await this.viewer(session);
    const repo = new MailBoxRepository(this.db);
    if (input.all) await repo.markAllRead(viewer);
    else await repo.markRead(viewer.playerId, await this.ownIds(repo, viewer, input.ids ?? []));
    return this.unreadAfterChange(repo, viewer);
  }

  async deleteMail(session: AuthenticatedSession, input: { ids: number[] }) {
    const viewer = await this.viewer(session);
    const repo = new MailBoxRepository(this.db);
    await repo.markDeleted(viewer.playerId, await this.ownIds(repo, viewer, input.ids));
    return this.unreadAfterChange(repo, viewer);
  }

  /** Refuses the whole request when any id is not a message this player may see, so nothing changes. */
  private async ownIds(repo: MailBoxRepository, viewer: MailViewer, ids: number[]): Promise<number[]> {
    const unique = [...new Set(ids)];
    const visible = await repo.visibleIds(viewer, unique);
    const foreign = unique.filter((id) => !visible.has(id));
    if (foreign.length > 0) throw fail('INVALID_PARAMETERS', `ids: no such message ${foreign.join(', ')}`);
    return unique;
  }

  /** The new count, also told to the player's other devices so their badges follow. */
  private async unreadAfterChange(repo: MailBoxRepository, viewer: MailViewer) {
    const unread = await repo.unreadCount(viewer);
    await this.push(() => pushToPlayer(this.bus, { playerId: viewer.playerId, event: MAIL_EVENT, data: { unread } }));
    return { unread };
  }

  /** Sends one message to its audience: one row, then a push to the sockets it concerns. */
  async send(input: SendMailInput, by: string) {
    if (input.audience.kind === 'player') {
      const player = await this.players.find(input.audience.playerId);
      if (!player) throw fail('PLAYER_MISSING', `no player ${input.audience.playerId}`);
    }
    const { row, created } = await this.db.transaction().execute((trx) => new MailBoxRepository(trx).insert({ ...input, sentBy: by }));
    if (created) await this.announce(row);
    return { mail: sentView(row), created };
  }

  private async announce(row: SentMailRow): Promise<void> {
    if (row.audience !== 'player') {
      const broadcast = {
        id: Number(row.id),
        sentAt: row.created_at.toISOString(),
        vipMin: row.vip_min,
        vipMax: row.vip_max,
        registeredSince: row.registered_since?.toISOString() ?? null,
      };
      await this.push(() => pushToAllPlayers(this.bus, { event: MAIL_EVENT, data: { broadcast } }));
      return;
    }
    const player = await this.players.find(row.player_id!);
    if (!player) return;
    const unread = await new MailBoxRepository(this.db).unreadCount({ playerId: player.id, vipLevel: player.vip_level, registeredAt: player.created_at });
    await this.push(() => pushToPlayer(this.bus, { playerId: player.id, event: MAIL_EVENT, data: { unread } }));
  }

  /** The message is stored by then: a push that fails (Redis away) is logged; the badge catches up on the next read. */
  private async push(send: () => Promise<void>): Promise<void> {
    try {
      await send();
    } catch (error) {
      this.log?.warn({ err: error }, 'site mail push not sent');
    }
  }

  async sent(limit: number, beforeId?: number) {
    return (await new MailBoxRepository(this.db).sent(limit, beforeId)).map(sentView);
  }

  async audit(limit: number) {
    const rows = await new MailBoxRepository(this.db).auditTrail(limit);
    return rows.map((row) => ({
      id: Number(row.id),
      action: row.action,
      subjectId: Number(row.subject_id),
      oldValue: row.old_value,
      newValue: row.new_value,
      by: row.changed_by,
      at: row.created_at.toISOString(),
    }));
  }
}
