import type { Db } from '../../db/database.ts';
import type { SessionEndReason } from './tables.ts';

export class SessionRepository {
  constructor(private readonly db: Db) {}

  findByTokenHash(tokenHash: string) {
    return this.db.selectFrom('player_sessions').select(['id', 'player_id', 'expires_at', 'end_reason']).where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  findStandings(sessionIds: readonly bigint[]) {
    return this.db
      .selectFrom('player_sessions')
      .select(['id', 'expires_at', 'end_reason'])
      .where('id', 'in', [...sessionIds])
      .execute();
  }

  async insert(input: {
    playerId: number;
    tokenHash: string;
    expiresAt: Date;
    loginIp: string;
    clientIp: string | null;
    deviceCode: string | null;
    country?: string | null;
  }): Promise<bigint> {
    const row = await this.db
      .insertInto('player_sessions')
      .values({
        player_id: input.playerId,
        token_hash: input.tokenHash,
        expires_at: input.expiresAt,
        login_ip: input.loginIp,
        client_ip: input.clientIp,
        device_code: input.deviceCode,
        country: input.country ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async endActive(playerId: number, reason: SessionEndReason) {
    await this.db
      .updateTable('player_sessions')
      .set({ ended_at: new Date(), end_reason: reason })
      .where('player_id', '=', playerId)
      .where('ended_at', 'is', null)
      .execute();
  }

  async end(sessionId: bigint, reason: SessionEndReason) {
    await this.db
      .updateTable('player_sessions')
      .set({ ended_at: new Date(), end_reason: reason })
      .where('id', '=', sessionId)
      .where('ended_at', 'is', null)
      .execute();
  }

  findById(sessionId: bigint) {
    return this.db.selectFrom('player_sessions').selectAll().where('id', '=', sessionId).executeTakeFirst();
  }

  async markNoticeShown(sessionId: bigint, noticeId: number) {
    await this.db.updateTable('player_sessions').set({ last_notice_id: noticeId }).where('id', '=', sessionId).execute();
  }
}
