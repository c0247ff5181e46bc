import { createHash, randomInt } from 'node:crypto';
import type { Language } from '@lobby/contract';
import type { Db } from '../../db/database.ts';
import type { VerificationPurpose } from './tables.ts';
import { fail } from '../../http/app-error.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { verificationMail } from '../../mail/templates.ts';
import { VerificationRepository } from './verification.repo.ts';

export interface VerificationOptions {
  ttlSeconds: number;
  maxAttempts: number;
  resendSeconds: number;
  /** Codes one address may request per hour, across all targets. */
  perIpPerHour: number;
}

const hashCode = (purpose: string, target: string, code: string) => createHash('sha256').update(`${purpose}:${target.toLowerCase()}:${code}`).digest('hex');

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

  private get codes() {
    return new VerificationRepository(this.db);
  }

  async send(input: { purpose: VerificationPurpose; target: string; playerId: number | null; ip: string; lang: Language }) {
    const target = input.target.toLowerCase();
    const lastSentAt = await this.codes.lastSentAt(input.purpose, target);
    if (lastSentAt && Date.now() - lastSentAt.getTime() < this.options.resendSeconds * 1000) {
      throw fail('IP_LIMIT', 'code requested too often');
    }
    if ((await this.codes.countSentFromIpLastHour(input.ip)) >= this.options.perIpPerHour) throw fail('IP_LIMIT', 'too many codes from this address');

    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const id = await this.codes.insert({
      purpose: input.purpose,
      target,
      playerId: input.playerId,
      codeHash: hashCode(input.purpose, target, code),
      expiresAt: new Date(Date.now() + this.options.ttlSeconds * 1000),
      ip: input.ip,
    });
    const mail = verificationMail(input.lang, input.purpose, code, Math.round(this.options.ttlSeconds / 60));
    try {
      await this.mailer.send({ to: input.target, ...mail });
    } catch (error) {
      await this.codes.delete(id);
      throw fail('FAILURE', `mail delivery failed: ${(error as Error).message}`);
    }
    return { expiresIn: this.options.ttlSeconds, resendIn: this.options.resendSeconds };
  }

  /** Consumes the newest code for the target when it matches; otherwise 10023 or 10024. */
  async consume(purpose: VerificationPurpose, target: string, code: string): Promise<void> {
    const normalized = target.toLowerCase();
    const attempt = await this.codes.countAttemptOnNewest(purpose, normalized);
    if (!attempt) throw fail('VERIFICATION_CODE_WRONG');
    if (attempt.consumed_at || attempt.expires_at.getTime() <= Date.now() || attempt.attempts > this.options.maxAttempts) {
      throw fail('VERIFICATION_CODE_EXPIRED');
    }
    if (attempt.code_hash !== hashCode(purpose, normalized, code)) throw fail('VERIFICATION_CODE_WRONG');
    if (!(await this.codes.consume(attempt.id))) throw fail('VERIFICATION_CODE_EXPIRED');
  }
}
