import { z } from 'zod';
import { isoTimeInput } from '../../calls/common.ts';
import { defineOpsCall, opsBody } from '../define.ts';
import { limitField, opsData } from './common.ts';
import { everyLanguageText } from './mail.ts';

const bulletinReply = opsData("{ bulletin: { id, title, content, startsAt, endsAt, status: 'scheduled' | 'showing' | 'ended' | 'withdrawn', createdAt } }");

/** The bulletin board the heartbeat opens: publish now or later, withdraw, list. In force on every instance at once. */
export const bulletinsOpsCalls = {
  list: defineOpsCall({
    path: '/ops/v1/bulletins/list',
    access: 'support.bulletin',
    audit: 'read',
    summary: 'Bulletins, newest first, with their status',
    request: opsBody({ limit: limitField(500, 50) }),
    response: opsData('{ bulletins }'),
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
