import { z } from 'zod';
import { CHAT_TEXT_MAX, clientMsgId } from '../../calls/chat.ts';
import { defineOpsCall, opsBody } from '../define.ts';
import { opsData } from './common.ts';

const conversationId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const chatHolder = z.object({ kind: z.enum(['staff', 'key']), id: z.number().int().positive(), name: z.string() });

export const chatAssignment = z.object({
  conversationId,
  assignedTo: chatHolder.nullable().describe('Who holds the conversation now; null: nobody'),
  previous: chatHolder.nullable().describe('Who held it before the call'),
});

/** Live support chat from the operator's side: the queue, one conversation, answering, typing, closing. */
export const chatOpsCalls = {
  conversations: defineOpsCall({
    path: '/ops/v1/chat/conversations',
    access: 'support.chat',
    audit: 'read',
    summary: 'The queue of conversations, unanswered first, with the last message and what is unread',
    request: opsBody({
      status: z.enum(['open', 'closed', 'all']).default('open'),
      mine: z.boolean().default(false).describe('Only the conversations the caller holds'),
      limit: z.number().int().min(1).max(200).default(50),
      offset: z.number().int().min(0).max(1_000_000).default(0),
    }),
    response: opsData(
      '{ conversations: [{ conversationId, status, lastSeq, operatorReadSeq, playerId, nickname, awaitingReply, waitingSince, unread, playerTyping, lastMessage, updatedAt, assignedTo: { kind, id, name } | null, mine }] }',
    ),
  }),
  conversation: defineOpsCall({
    path: '/ops/v1/chat/conversation',
    access: 'support.chat',
    // What the player wrote and sent (pictures included) is their personal data.
    audit: 'pii',
    summary: "One conversation's messages, a page after or before a position; reading marks them read for the player",
    request: opsBody({
      conversationId,
      afterSeq: z.number().int().min(0).optional(),
      beforeSeq: z.number().int().min(1).optional(),
      limit: z.number().int().min(1).max(200).optional(),
    }).refine((body) => body.afterSeq === undefined || body.beforeSeq === undefined, 'send afterSeq or beforeSeq, not both'),
    response: opsData('{ conversationId, status, lastSeq, operatorReadSeq, playerId, nickname, playerReadSeq, playerTyping, list, hasMore, assignedTo: { kind, id, name } | null, mine }'),
  }),
  answer: defineOpsCall({
    path: '/ops/v1/chat/answer',
    access: 'support.chat',
    audit: 'change',
    summary: "Answers a conversation under the actor's name; pushed to the player at once",
    request: opsBody({ conversationId, clientMsgId, text: z.string().trim().min(1).max(CHAT_TEXT_MAX) }),
    response: opsData('the message: { id, seq, sender, operatorName, clientMsgId, text, imageUrl, createdAt }'),
  }),
  typing: defineOpsCall({
    path: '/ops/v1/chat/typing',
    access: 'support.chat',
    audit: 'read',
    summary: 'Shows the player that the operator is typing, or stops',
    request: opsBody({ conversationId, typing: z.boolean() }),
    response: z.null(),
  }),
  assign: defineOpsCall({
    path: '/ops/v1/chat/assign',
    access: 'support.chat',
    audit: 'change',
    summary: 'Assigns a conversation to the caller (taking it over from whoever held it), or with release: true lets it go so nobody holds it',
    request: opsBody({ conversationId, release: z.literal(true).optional() }),
    response: chatAssignment,
  }),
  close: defineOpsCall({
    path: '/ops/v1/chat/close',
    access: 'support.chat',
    audit: 'change',
    summary: 'Closes a conversation; the player is told at once',
    request: opsBody({ conversationId }),
    response: opsData("{ conversationId, status: 'closed' }"),
  }),
} as const;
