import { createHash, randomInt } from 'node:crypto';
import type { Language } from '@lobby/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { VerificationPurpose } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { verificationMail } from '../../mail/templates.ts';

export interface VerificationOptions {
  ttlSeconds: number;
  maxAttempts: number;
  resendSeconds: number;
  /** Codes one address may request per hour, across all targets. */
  perIpPerHour: number;
}

const hashCode = (purpose: string, target: string, code: string) =>
  createHash('sha256').update(`${purpose}:${target.toLowerCase()}:${code}`).digest('hex');

/**
 * Six-digit codes sent by e-mail. They expire, a wrong guess counts against the code (and is
 * recorded even though the caller's action fails), and a code works once.
 */
export class VerificationService {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly options: VerificationOptions,
  ) {}

  async send(input: { purpose: VerificationPurpose; target: string; playerId: number | null; ip: string; lang: Language }) {
    const target = input.target.toLowerCase();
    const latest = await this.db
      .selectFrom('verification_codes')
      .select('created_at')
      .where('purpose', '=', input.purpose)
      .where('target', '=', target)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (latest && Date.now() - latest.created_at.getTime() < this.options.resendSeconds * 1000) {
      throw fail('IP_LIMIT', 'code requested too often');
    }
    const { count } = await this.db
      .selectFrom('verification_codes')
      .select((eb) => eb.fn.countAll<bigint>().as('count'))
      .where('request_ip', '=', input.ip)
      .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
      .executeTakeFirstOrThrow();
    if (Number(count) >= this.options.perIpPerHour) throw fail('IP_LIMIT', 'too many codes from this address');

    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const row = await this.db
      .insertInto('verification_codes')
      .values({
        purpose: input.purpose,
        target,
        player_id: input.playerId,
        code_hash: hashCode(input.purpose, target, code),
        expires_at: new Date(Date.now() + this.options.ttlSeconds * 1000),
        request_ip: input.ip,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const mail = verificationMail(input.lang, input.purpose, code, Math.round(this.options.ttlSeconds / 60));
    try {
      await this.mailer.send({ to: input.target, ...mail });
    } catch (error) {
      await this.db.deleteFrom('verification_codes').where('id', '=', row.id).execute();
      throw fail('FAILURE', `mail delivery failed: ${(error as Error).message}`);
    }
    return { expiresIn: this.options.ttlSeconds, resendIn: this.options.resendSeconds };
  }

  /** Consumes the newest code for the target when it matches; otherwise 10023 or 10024. */
  async consume(purpose: VerificationPurpose, target: string, code: string): Promise<void> {
    const normalized = target.toLowerCase();
    const attempt = await this.db
      .updateTable('verification_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where(
        'id',
        '=',
        this.db
          .selectFrom('verification_codes')
          .select('id')
          .where('purpose', '=', purpose)
          .where('target', '=', normalized)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(1),
      )
      .returning(['id', 'code_hash', 'attempts', 'expires_at', 'consumed_at'])
      .executeTakeFirst();
    if (!attempt) throw fail('VERIFICATION_CODE_WRONG');
    if (attempt.consumed_at || attempt.expires_at.getTime() <= Date.now() || attempt.attempts > this.options.maxAttempts) {
      throw fail('VERIFICATION_CODE_EXPIRED');
    }
    if (attempt.code_hash !== hashCode(purpose, normalized, code)) throw fail('VERIFICATION_CODE_WRONG');
    const used = await this.db
      .updateTable('verification_codes')
      .set({ consumed_at: new Date() })
      .where('id', '=', attempt.id)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    if (used.numUpdatedRows !== 1n) throw fail('VERIFICATION_CODE_EXPIRED');
  }
}
