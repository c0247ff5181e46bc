import { z } from 'zod';
import { body, defineCall, emptyBody, emptyReply } from './define.ts';
import { entityId as id, isoTime } from './common.ts';

// The spec names the /chat screen and a live-chat widget but no calls: all of these are our design.

/** The sender's idempotency key: a send retried with the same key stores and answers one message. */
export const clientMsgId = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _ only')
  .describe('Idempotency key of the message, made by the sender: a retry with the same key stores nothing new');

export const CHAT_TEXT_MAX = 2000;
/** Largest image a player may send, before base64; the server may be configured lower. */
export const CHAT_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

export const chatMessage = z
  .object({
    id,
    seq: z.number().int().positive().describe('Position in the conversation, 1, 2, 3...: no gaps'),
    sender: z.enum(['player', 'operator']),
    operatorName: z.string().nullable(),
    clientMsgId: z.string(),
    text: z.string(),
    imageUrl: z.string().nullable().describe('Image stored by the server (GET /media/...)'),
    createdAt: isoTime,
  })
  .describe('Our design: one message of a support conversation');

const conversationState = z.object({
  conversationId: id.nullable().describe('Null until the player sends a first message'),
  status: z.enum(['open', 'closed']).nullable(),
  lastSeq: z.number().int().min(0),
  operatorReadSeq: z.number().int().min(0).describe('The operator has read up to this message'),
});

export const chatCalls = {
  history: defineCall({
    path: '/v1/chat/history',
    auth: 'player',
    summary:
      "The player's support conversation: the newest page, an older page (beforeSeq) or what came after a seen message (afterSeq, catch-up after a reconnect)",
    request: body({
      conversationId: id.optional().describe("The player's own conversation; another one is refused with 15"),
      afterSeq: z.number().int().min(0).optional(),
      beforeSeq: z.number().int().min(1).optional(),
      limit: z.number().int().min(1).max(100).optional(),
    }).refine((b) => b.afterSeq === undefined || b.beforeSeq === undefined, { message: 'send afterSeq or beforeSeq, not both', path: ['afterSeq'] }),
    response: conversationState.extend({
      list: z.array(chatMessage).describe('Oldest first'),
      hasMore: z.boolean().describe('More messages in the asked direction'),
    }),
  }),
  send: defineCall({
    path: '/v1/chat/send',
    auth: 'player',
    summary: "Send a text message to support; the message is answered and also pushed (event chat.message) to the player's sockets",
    request: body({ clientMsgId, text: z.string().trim().min(1).max(CHAT_TEXT_MAX) }),
    response: chatMessage,
  }),
  sendImage: defineCall({
    path: '/v1/chat/sendImage',
    auth: 'player',
    summary: 'Send an image (PNG, JPEG, WebP or GIF, checked by its bytes) to support, base64 encoded',
    request: body({
      clientMsgId,
      image: z
        .string()
        .min(8)
        .max(Math.ceil(CHAT_IMAGE_MAX_BYTES / 3) * 4 + 4)
        .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'base64')
        .describe('The image file, base64 (no data: prefix)'),
      type: z.string().trim().min(1).max(100).optional().describe('What the file says it is (image/png); refused when the bytes say otherwise'),
      text: z.string().trim().max(CHAT_TEXT_MAX).optional(),
    }),
    response: chatMessage,
  }),
  typing: defineCall({
    path: '/v1/chat/typing',
    auth: 'player',
    summary: 'The player is (or stopped) typing; the operator queue shows it for a few seconds',
    request: body({ typing: z.boolean() }),
    response: emptyReply,
  }),
  read: defineCall({
    path: '/v1/chat/read',
    auth: 'player',
    summary: 'The player has read the conversation up to this message',
    request: body({ seq: z.number().int().min(0) }),
    response: emptyReply,
  }),
  widget: defineCall({
    path: '/v1/chat/widget',
    auth: 'player',
    summary: "The external live-chat widget the operator configured (Chatwoot), with the player's identity signed by the server; null when none",
    request: emptyBody,
    response: z
      .object({
        provider: z.literal('chatwoot'),
        baseUrl: z.string(),
        websiteToken: z.string(),
        identifier: z.string().describe('The player as the widget knows them'),
        identifierHash: z.string().nullable().describe("HMAC-SHA256 of identifier with the widget's HMAC token, hex; null without a token"),
        name: z.string(),
      })
      .nullable(),
  }),
} as const;
