import { z } from 'zod';
import { body, defineCall, emptyBody, langField } from './define.ts';
import { entityId as id, isoTime, pageFields, paged } from './common.ts';

// The spec names the mail calls but none of their fields: all of them are our design.

export const mail = z
  .object({
    id,
    category: z.number().int().min(0).describe('Category id from /v1/notice/mailConfigSync'),
    title: z.string(),
    content: z.string().describe('Plain text; links are written as URLs'),
    isRead: z.boolean(),
    createdAt: isoTime,
    expiresAt: isoTime.nullable().describe('After this the mail is no longer listed'),
  })
  .describe('Our design: one site message in the requested language');

/** Name of the websocket event (channel `player`) that tells a player their inbox changed. */
export const MAIL_EVENT = 'mail';
/**
 * Our design: `{unread}` when the server knows the player's new count (a message to them alone, a
 * read on another device); `{broadcast}` after a message to everyone or a segment, sent to every
 * signed-in socket with the audience, so each client tells from its own profile (VIP level,
 * registration time) whether the message is for it and counts it without asking the server.
 */
export const mailEvent = z.object({
  unread: z.number().int().min(0).optional(),
  broadcast: z
    .object({
      id,
      sentAt: isoTime,
      vipMin: z.number().int().min(0).nullable(),
      vipMax: z.number().int().min(0).nullable(),
      registeredSince: isoTime.nullable(),
    })
    .optional(),
});

const unreadCount = z.number().int().min(0).describe('Unread site messages, for the badge');

export const mailCalls = {
  readMail: defineCall({
    path: '/v1/mail/readMail',
    auth: 'player',
    summary: 'Mark site messages read (some ids, or all)',
    request: body({
      ids: z.array(id).min(1).max(100).optional(),
      all: z.literal(true).optional().describe('Mark every message read'),
    }).refine((b) => (b.ids === undefined) !== (b.all === undefined), {
      message: 'send either ids or all',
      path: ['ids'],
    }),
    response: z.object({ unread: unreadCount }).describe('Our design: the new unread count'),
  }),
  deleteMail: defineCall({
    path: '/v1/mail/deleteMail',
    auth: 'player',
    summary: 'Delete site messages from the inbox for good (a deleted message counts as read)',
    request: body({ ids: z.array(id).min(1).max(100) }),
    response: z.object({ unread: unreadCount }).describe('Our design: the new unread count'),
  }),
  mailData: defineCall({
    path: '/v1/mail/mailData',
    auth: 'player',
    summary: 'Site messages, newest first',
    request: body({
      ...pageFields,
      category: z.number().int().min(0).optional(),
      unreadOnly: z.boolean().optional(),
      id: id.optional().describe("Our design: just this message (the detail screen); an empty list when it is not the player's"),
      language: langField,
    }),
    response: paged(mail),
  }),
  newMail: defineCall({
    path: '/v1/mail/newMail',
    auth: 'player',
    summary: 'Unread count and the newest unread message, polled for the badge',
    request: emptyBody,
    response: z
      .object({ unread: unreadCount, latest: mail.nullable().describe('Newest unread message, null when none') })
      .describe('Our design: badge count plus a preview'),
  }),
} as const;
