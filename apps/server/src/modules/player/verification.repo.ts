import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { VerificationPurpose } from './tables.ts';

/** E-mailed verification codes, stored as hashes. Targets are stored lower-case. */
export class VerificationRepository {
  constructor(private readonly db: Db) {}

  /** When the newest code for this purpose and target was sent. */
  async lastSentAt(purpose: VerificationPurpose, target: string): Promise<Date | undefined> {
    const row = await this.db
      .selectFrom('verification_codes')
      .select('created_at')
      .where('purpose', '=', purpose)
      .where('target', '=', target)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.created_at;
  }

  /** Codes requested from this address within the last hour, for every target. */
  async countSentFromIpLastHour(ip: string): Promise<number> {
    const { count } = await this.db
      .selectFrom('verification_codes')
      .select((eb) => eb.fn.countAll<bigint>().as('count'))
      .where('request_ip', '=', ip)
      .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
      .executeTakeFirstOrThrow();
    return Number(count);
  }

  async insert(values: { purpose: VerificationPurpose; target: string; playerId: number | null; codeHash: string; expiresAt: Date; ip: string }) {
    const row = await this.db
      .insertInto('verification_codes')
      .values({
        purpose: values.purpose,
        target: values.target,
        player_id: values.playerId,
        code_hash: values.codeHash,
        expires_at: values.expiresAt,
        request_ip: values.ip,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async delete(id: bigint) {
    await this.db.deleteFrom('verification_codes').where('id', '=', id).execute();
  }

  /**
   * Counts a try against the newest code for the target, in the same statement that reads it, so
   * simultaneous guesses each use up an attempt. Undefined when no code was ever sent.
   */
  countAttemptOnNewest(purpose: VerificationPurpose, target: string) {
    return this.db
      .updateTable('verification_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where(
        'id',
        '=',
        this.db
          .selectFrom('verification_codes')
          .select('id')
          .where('purpose', '=', purpose)
          .where('target', '=', target)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(1),
      )
      .returning(['id', 'code_hash', 'attempts', 'expires_at', 'consumed_at'])
      .executeTakeFirst();
  }

  /** Marks the code used; false when another request used it first. */
  async consume(id: bigint): Promise<boolean> {
    const used = await this.db
      .updateTable('verification_codes')
      .set({ consumed_at: new Date() })
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    return used.numUpdatedRows === 1n;
  }
}
