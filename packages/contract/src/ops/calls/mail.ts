import { z } from 'zod';
import { isoTime, isoTimeInput } from '../../calls/common.ts';
import { LANGUAGES, type Language } from '../../locales.ts';
import { defineOpsCall, opsBody } from '../define.ts';
import { limitField, playerIdField, settingChange } from './common.ts';

/** One text per language, all eight required: a player never gets a message in nobody's language. */
export const everyLanguageText = (max: number) =>
  z.strictObject(Object.fromEntries(LANGUAGES.map((lang) => [lang, z.string().trim().min(1).max(max)])) as Record<Language, z.ZodString>);

/** Texts as stored and answered: one per language code. */
export const textPerLanguage = z.record(z.string(), z.string()).describe('One text per language code, e.g. en_US');

const vipLevel = z.number().int().min(0).max(100);

const audience = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('player'), playerId: playerIdField.max(2_147_483_647) }),
  z
    .strictObject({ kind: z.literal('segment'), vipMin: vipLevel.optional(), vipMax: vipLevel.optional(), registeredSince: isoTimeInput.optional() })
    .refine(
      (s) => s.vipMin !== undefined || s.vipMax !== undefined || s.registeredSince !== undefined,
      'name vipMin, vipMax or registeredSince; use kind "all" for everyone',
    )
    .refine((s) => s.vipMin === undefined || s.vipMax === undefined || s.vipMin <= s.vipMax, 'vipMin must not exceed vipMax'),
  z.strictObject({ kind: z.literal('all') }),
]);

/** A message as it was sent: to whom, what, by whom and until when. */
export const sentMail = z.object({
  id: z.number().int(),
  audience: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('player'), playerId: z.number().int() }),
    z.object({ kind: z.literal('segment'), vipMin: z.number().int().nullable(), vipMax: z.number().int().nullable(), registeredSince: isoTime.nullable() }),
    z.object({ kind: z.literal('all') }),
  ]),
  category: z.number().int(),
  title: textPerLanguage,
  content: textPerLanguage,
  requestKey: z.string().nullable(),
  sentBy: z.string(),
  createdAt: isoTime,
  expiresAt: isoTime.nullable(),
});

/** Site mail from the operator's side: send to one player, a segment or everyone; what was sent; the audit trail. */
export const mailOpsCalls = {
  send: defineOpsCall({
    path: '/ops/v1/mail/send',
    access: 'support.mail',
    audit: 'change',
    summary: 'Sends site mail to one player, a VIP or registration segment, or everyone, in all eight languages; pushed at once',
    request: opsBody({
      audience,
      category: z.number().int().min(0).describe('A category of /v1/notice/mailConfigSync'),
      title: everyLanguageText(120),
      content: everyLanguageText(5000),
      expiresAt: isoTimeInput.optional(),
      requestKey: z.string().trim().min(1).max(100).optional().describe('Sending again with the same key answers the first message'),
    }),
    response: z.object({ mail: sentMail, created: z.boolean().describe('False when requestKey named a message sent before: that one is answered') }),
  }),
  sent: defineOpsCall({
    path: '/ops/v1/mail/sent',
    access: 'support.mail',
    audit: 'read',
    summary: 'Mail sent, newest first, a page before `beforeId`',
    request: opsBody({ limit: limitField(500, 50), beforeId: z.number().int().positive().optional() }),
    response: z.object({ mails: z.array(sentMail).describe('Newest first') }),
  }),
  audit: defineOpsCall({
    path: '/ops/v1/mail/audit',
    access: 'support.mail',
    audit: 'read',
    summary: 'Mail sent and bulletins published or withdrawn, newest first, with who and when',
    request: opsBody({ limit: limitField(500, 50) }),
    response: z.object({
      changes: z.array(
        settingChange.extend({
          action: z.enum(['mail.send', 'bulletin.publish', 'bulletin.withdraw']),
          subjectId: z.number().int().describe('The message or the bulletin'),
        }),
      ),
    }),
  }),
} as const;
