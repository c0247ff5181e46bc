import { z } from 'zod';
import { isoTime, isoTimeInput } from '../../calls/common.ts';
import { defineOpsCall, opsBody } from '../define.ts';
import { limitField } from './common.ts';
import { everyLanguageText, textPerLanguage } from './mail.ts';

export const BULLETIN_STATUSES = ['scheduled', 'showing', 'ended', 'withdrawn'] as const;

/** A bulletin as operators see it, with where it stands now. */
export const bulletin = z.object({
  id: z.number().int(),
  title: textPerLanguage,
  content: textPerLanguage,
  startsAt: isoTime,
  endsAt: isoTime.nullable().describe('Null: until withdrawn'),
  status: z.enum(BULLETIN_STATUSES),
  createdAt: isoTime,
});

const bulletinReply = z.object({ bulletin });

/** The bulletin board the heartbeat opens: publish now or later, withdraw, list. In force on every instance at once. */
export const bulletinsOpsCalls = {
  list: defineOpsCall({
    path: '/ops/v1/bulletins/list',
    access: 'support.bulletin',
    audit: 'read',
    summary: 'Bulletins, newest first, with their status',
    request: opsBody({ limit: limitField(500, 50) }),
    response: z.object({ bulletins: z.array(bulletin) }),
  }),
  publish: defineOpsCall({
    path: '/ops/v1/bulletins/publish',
    access: 'support.bulletin',
    audit: 'change',
    summary: 'Publishes a bulletin in all eight languages, at once or from startsAt, until endsAt if given',
    request: opsBody({
      title: everyLanguageText(120),
      content: everyLanguageText(5000),
      startsAt: isoTimeInput.optional().describe('Later than now schedules it; absent publishes at once'),
      endsAt: isoTimeInput.optional(),
    }),
    response: bulletinReply,
  }),
  withdraw: defineOpsCall({
    path: '/ops/v1/bulletins/withdraw',
    access: 'support.bulletin',
    audit: 'change',
    summary: 'Takes a bulletin down, showing or scheduled; withdrawing it again changes nothing',
    request: opsBody({ id: z.number().int().positive().max(2_147_483_647) }),
    response: bulletinReply,
  }),
} as const;
