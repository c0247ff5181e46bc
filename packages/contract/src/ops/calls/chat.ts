import { z } from 'zod';
import { CHAT_TEXT_MAX, chatMessage, clientMsgId } from '../../calls/chat.ts';
import { isoTime } from '../../calls/common.ts';
import { defineOpsCall, opsBody } from '../define.ts';

const conversationId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const chatHolder = z.object({ kind: z.enum(['staff', 'key']), id: z.number().int().positive(), name: z.string() });

export const chatAssignment = z.object({
  conversationId,
  assignedTo: chatHolder.nullable().describe('Who holds the conversation now; null: nobody'),
  previous: chatHolder.nullable().describe('Who held it before the call'),
});

const CHAT_STATUSES = ['open', 'closed'] as const;

/** Where a conversation stands: its last message number and how far the operators have read. */
const conversationState = {
  conversationId,
  status: z.enum(CHAT_STATUSES),
  lastSeq: z.number().int().min(0).describe('Number of the last message'),
  operatorReadSeq: z.number().int().min(0).describe('Operators have read up to this message'),
  playerId: z.number().int(),
  nickname: z.string().nullable(),
  playerTyping: z.boolean(),
  assignedTo: chatHolder.nullable().describe('Who holds the conversation; null: nobody'),
  mine: z.boolean().describe('The caller holds it'),
};

/** A conversation as the queue lists it. */
export const chatQueueEntry = z.object({
  ...conversationState,
  awaitingReply: z.boolean().describe('The player wrote last'),
  waitingSince: isoTime.nullable().describe('Since when the player has been waiting for an answer'),
  unread: z.number().int().min(0).describe('Messages the operators have not read'),
  lastMessage: z.object({ sender: z.enum(['player', 'operator']), text: z.string(), imageUrl: z.string().nullable(), createdAt: isoTime }).nullable(),
  updatedAt: isoTime,
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
    response: z.object({ conversations: z.array(chatQueueEntry).describe('Unanswered first') }),
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
    response: z.object({
      ...conversationState,
      playerReadSeq: z.number().int().min(0).describe('The player has read up to this message'),
      list: z.array(chatMessage).describe('Oldest first'),
      hasMore: z.boolean().describe('More messages in the asked direction'),
    }),
  }),
  answer: defineOpsCall({
    path: '/ops/v1/chat/answer',
    access: 'support.chat',
    audit: 'change',
    summary: "Answers a conversation under the actor's name; pushed to the player at once",
    request: opsBody({ conversationId, clientMsgId, text: z.string().trim().min(1).max(CHAT_TEXT_MAX) }),
    response: chatMessage.describe('The message as sent'),
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
    response: z.object({ conversationId, status: z.literal('closed') }),
  }),
} as const;
