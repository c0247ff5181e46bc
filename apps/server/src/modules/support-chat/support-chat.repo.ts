import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { SupportChatTables, SupportConversationsTable, SupportMessagesTable } from './tables.ts';

export type ConversationRow = Selectable<SupportConversationsTable>;
export type MessageRow = Selectable<SupportMessagesTable>;

export interface NewMessage {
  sender: 'player' | 'operator';
  operatorName: string | null;
  clientMsgId: string;
  body: string;
  imageUrl: string | null;
}

export interface QueueEntry extends ConversationRow {
  last_body: string | null;
  last_image_url: string | null;
  last_sender: 'player' | 'operator' | null;
  last_at: Date | null;
}

/** Support conversations and their numbered messages. */
export class SupportChatRepository {
  private readonly db;

  constructor(db: Db) {
    this.db = db.withTables<SupportChatTables>();
  }

  findByPlayer(playerId: number) {
    return this.db.selectFrom('support_conversations').selectAll().where('player_id', '=', playerId).executeTakeFirst();
  }

  findById(id: string) {
    return this.db.selectFrom('support_conversations').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findMessageByClientId(playerId: number, clientMsgId: string) {
    return this.db
      .selectFrom('support_messages as m')
      .innerJoin('support_conversations as c', 'c.id', 'm.conversation_id')
      .selectAll('m')
      .where('c.player_id', '=', playerId)
      .where('m.client_msg_id', '=', clientMsgId)
      .executeTakeFirst();
  }

  /**
   * Appends a message under the conversation's row lock, which hands out the next sequence number:
   * parallel sends get 1, 2, 3... without gaps. A client message id already stored answers the stored
   * message (`created: false`) and changes nothing.
   */
  async append(playerId: number, message: NewMessage): Promise<{ conversation: ConversationRow; message: MessageRow; created: boolean }> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('support_conversations')
        .values({ player_id: playerId })
        .onConflict((oc) => oc.column('player_id').doNothing())
        .execute();
      const conversation = await trx.selectFrom('support_conversations').selectAll().where('player_id', '=', playerId).forUpdate().executeTakeFirstOrThrow();
      const existing = await trx
        .selectFrom('support_messages')
        .selectAll()
        .where('conversation_id', '=', conversation.id)
        .where('client_msg_id', '=', message.clientMsgId)
        .executeTakeFirst();
      if (existing) return { conversation, message: existing, created: false };
      const seq = conversation.last_seq + 1;
      const stored = await trx
        .insertInto('support_messages')
        .values({
          conversation_id: conversation.id,
          seq,
          sender: message.sender,
          operator_name: message.operatorName,
          client_msg_id: message.clientMsgId,
          body: message.body,
          image_url: message.imageUrl,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const fromPlayer = message.sender === 'player';
      const updated = await trx
        .updateTable('support_conversations')
        .set((eb) => ({
          last_seq: seq,
          // A player writing reopens a closed conversation; an answer leaves the status as it is.
          status: fromPlayer ? 'open' : eb.ref('status'),
          closed_by: fromPlayer ? null : eb.ref('closed_by'),
          awaiting_reply: fromPlayer,
          // The wait runs from the first unanswered message, not the latest.
          waiting_since: fromPlayer ? eb.fn.coalesce('waiting_since', eb.val(stored.created_at)) : null,
          operator_read_seq: fromPlayer ? eb.ref('operator_read_seq') : seq,
          player_read_seq: fromPlayer ? seq : eb.ref('player_read_seq'),
          updated_at: stored.created_at,
        }))
        .where('id', '=', conversation.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { conversation: updated, message: stored, created: true };
    });
  }

  /** Messages after `afterSeq` (oldest first), or the newest ones before `beforeSeq`; one extra row tells whether more remain. */
  async messages(conversationId: string, range: { afterSeq?: number; beforeSeq?: number; limit: number }): Promise<{ list: MessageRow[]; hasMore: boolean }> {
    let query = this.db.selectFrom('support_messages').selectAll().where('conversation_id', '=', conversationId);
    if (range.afterSeq !== undefined) {
      const rows = await query
        .where('seq', '>', range.afterSeq)
        .orderBy('seq', 'asc')
        .limit(range.limit + 1)
        .execute();
      return { list: rows.slice(0, range.limit), hasMore: rows.length > range.limit };
    }
    if (range.beforeSeq !== undefined) query = query.where('seq', '<', range.beforeSeq);
    const rows = await query
      .orderBy('seq', 'desc')
      .limit(range.limit + 1)
      .execute();
    return { list: rows.slice(0, range.limit).reverse(), hasMore: rows.length > range.limit };
  }

  async markRead(conversationId: string, side: 'player' | 'operator', seq: number) {
    const column = side === 'player' ? 'player_read_seq' : 'operator_read_seq';
    // Read marks only move forward, and never past the last message.
    await this.db
      .updateTable('support_conversations')
      .set((eb) => ({ [column]: eb.fn('least', [eb.ref('last_seq'), eb.fn('greatest', [eb.ref(column), eb.val(seq)])]) }))
      .where('id', '=', conversationId)
      .execute();
  }

  async close(conversationId: string, by: string) {
    return this.db
      .updateTable('support_conversations')
      .set({ status: 'closed', closed_by: by, awaiting_reply: false, waiting_since: null, updated_at: new Date() })
      .where('id', '=', conversationId)
      .returningAll()
      .executeTakeFirst();
  }

  /** Gives the conversation to `holder`, or to nobody; the row before and after, undefined when there is no such conversation. */
  async assign(conversationId: string, holder: { kind: 'staff' | 'key'; id: number; name: string } | null) {
    return this.db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('support_conversations').selectAll().where('id', '=', conversationId).forUpdate().executeTakeFirst();
      if (!before) return undefined;
      const after = await trx
        .updateTable('support_conversations')
        .set({ assigned_staff_kind: holder?.kind ?? null, assigned_staff_id: holder?.id ?? null, assigned_staff_name: holder?.name ?? null })
        .where('id', '=', conversationId)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { before, after };
    });
  }

  /** The operator queue: unanswered conversations first (longest wait first), then the most recently active; `holder`: only theirs. */
  async queue(options: {
    status: 'open' | 'closed' | 'all';
    limit: number;
    offset: number;
    holder?: { kind: 'staff' | 'key'; id: number };
  }): Promise<QueueEntry[]> {
    let query = this.db
      .selectFrom('support_conversations as c')
      .leftJoin('support_messages as m', (join) => join.onRef('m.conversation_id', '=', 'c.id').onRef('m.seq', '=', 'c.last_seq'))
      .selectAll('c')
      .select(['m.body as last_body', 'm.image_url as last_image_url', 'm.sender as last_sender', 'm.created_at as last_at']);
    if (options.status !== 'all') query = query.where('c.status', '=', options.status);
    if (options.holder) query = query.where('c.assigned_staff_kind', '=', options.holder.kind).where('c.assigned_staff_id', '=', BigInt(options.holder.id));
    return query
      .orderBy('c.awaiting_reply', 'desc')
      .orderBy('c.waiting_since', 'asc')
      .orderBy('c.updated_at', 'desc')
      .limit(options.limit)
      .offset(options.offset)
      .execute() as Promise<QueueEntry[]>;
  }
}
