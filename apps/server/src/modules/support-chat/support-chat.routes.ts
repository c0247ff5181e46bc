import { chatCalls, clientMsgId, CHAT_TEXT_MAX } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fail } from '../../http/app-error.ts';
import { opsTokenGuard } from '../../http/ops-guard.ts';
import { registerCall } from '../../http/rpc.ts';
import type { SessionService } from '../player/session.service.ts';
import { quotaLimitsSchema, type ChatQuotas } from './chat-quotas.ts';
import type { SupportChatService } from './support-chat.service.ts';

/** Room for the base64 image (4 characters per 3 bytes) and the rest of the JSON body. */
export function sendImageBodyLimit(imageMaxBytes: number): number {
  return Math.ceil(imageMaxBytes / 3) * 4 + 4096;
}

export function registerSupportChatRoutes(app: FastifyInstance, sessions: SessionService, chat: SupportChatService, options: { imageMaxBytes: number }) {
  // Only the image call takes a body larger than the site-wide limit; the hook must precede the route.
  app.addHook('onRoute', (route) => {
    if (route.url === chatCalls.sendImage.path) route.bodyLimit = sendImageBodyLimit(options.imageMaxBytes);
  });
  registerCall(app, sessions, chatCalls.history, (ctx) => chat.history(ctx.session.playerId, ctx.body));
  registerCall(app, sessions, chatCalls.send, (ctx) => chat.sendText(ctx.session.playerId, ctx.body.clientMsgId, ctx.body.text));
  registerCall(app, sessions, chatCalls.sendImage, (ctx) => chat.sendImage(ctx.session.playerId, ctx.body));
  registerCall(app, sessions, chatCalls.typing, async (ctx) => {
    await chat.typing(ctx.session.playerId, ctx.body.typing);
    return null;
  });
  registerCall(app, sessions, chatCalls.read, async (ctx) => {
    await chat.read(ctx.session.playerId, ctx.body.seq);
    return null;
  });
  registerCall(app, sessions, chatCalls.widget, (ctx) => chat.widget(ctx.session.playerId));
}

const conversationId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const operator = z.string().trim().min(1).max(64);
const queueBody = z.strictObject({
  status: z.enum(['open', 'closed', 'all']).default('open'),
  limit: z.number().int().min(1).max(200).default(50),
  offset: z.number().int().min(0).max(1_000_000).default(0),
});
const readBody = z
  .strictObject({
    conversationId,
    afterSeq: z.number().int().min(0).optional(),
    beforeSeq: z.number().int().min(1).optional(),
    limit: z.number().int().min(1).max(200).optional(),
  })
  .refine((b) => b.afterSeq === undefined || b.beforeSeq === undefined, 'send afterSeq or beforeSeq, not both');
const answerBody = z.strictObject({ conversationId, clientMsgId, text: z.string().trim().min(1).max(CHAT_TEXT_MAX), by: operator });
const typingBody = z.strictObject({ conversationId, typing: z.boolean() });
const closeBody = z.strictObject({ conversationId, by: operator });

function parse<T extends z.ZodType>(schema: T, body: unknown, hint: string): z.output<T> {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw fail('INVALID_PARAMETERS', `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}; send ${hint}`);
  }
  return parsed.data;
}

/**
 * The operator's side (header `x-ops-token`): the queue of conversations, unanswered first; one
 * conversation; answering it (pushed to the player at once); typing; closing. Answers and closes
 * are recorded with who and when (the message row keeps its operator; the log keeps the change).
 */
export function registerSupportChatOpsRoutes(app: FastifyInstance, chat: SupportChatService, opsToken: string | undefined) {
  if (!opsToken) return;
  const guard = opsTokenGuard(opsToken);
  const ok = (data: unknown) => ({ code: 0, msg: 'success', data });

  app.post('/ops/chat/conversations', async (request) => {
    guard(request);
    const body = parse(queueBody, request.body, "{status?: 'open' | 'closed' | 'all', limit?: 1-200, offset?}");
    return ok({ conversations: await chat.queue(body) });
  });

  app.post('/ops/chat/conversation', async (request) => {
    guard(request);
    const body = parse(readBody, request.body, '{conversationId, afterSeq? | beforeSeq?, limit?: 1-200}');
    return ok(await chat.conversation(body.conversationId, body));
  });

  app.post('/ops/chat/answer', async (request) => {
    guard(request);
    const body = parse(answerBody, request.body, '{conversationId, clientMsgId, text, by}');
    const message = await chat.answer(body.conversationId, body.by, body.clientMsgId, body.text);
    request.log.info({ audit: 'support_chat_answer', conversationId: body.conversationId, seq: message.seq, by: body.by, at: message.createdAt }, 'support chat answered');
    return ok(message);
  });

  app.post('/ops/chat/typing', async (request) => {
    guard(request);
    const body = parse(typingBody, request.body, '{conversationId, typing}');
    await chat.operatorTyping(body.conversationId, body.typing);
    return ok(null);
  });

  app.post('/ops/chat/close', async (request) => {
    guard(request);
    const body = parse(closeBody, request.body, '{conversationId, by}');
    const change = await chat.closeConversation(body.conversationId, body.by);
    request.log.info({ audit: 'support_chat_close', conversationId: body.conversationId, old: change.before, new: change.after, by: body.by, at: new Date().toISOString() }, 'support chat closed');
    return ok({ conversationId: body.conversationId, status: change.after });
  });
}

const quotaSetBody = z
  .object({ limits: quotaLimitsSchema.partial().refine((v) => Object.keys(v).length > 0, 'name at least one limit'), by: z.string().trim().min(1).max(100) })
  .strict();
const quotaAuditBody = z.object({ limit: z.number().int().min(1).max(500).default(50) }).strict();

/**
 * The operator's quotas of the chat and the media store (header `x-ops-token`): read them, change
 * some (validated whole, stored with an audit row, logged, applied at once on every instance), and
 * the audit of past changes.
 */
export function registerChatQuotaOpsRoutes(app: FastifyInstance, quotas: ChatQuotas, opsToken: string | undefined) {
  if (!opsToken) return;
  const guard = opsTokenGuard(opsToken);
  const ok = (data: unknown) => ({ code: 0, msg: 'success', data });

  app.post('/ops/quotas', async (request) => {
    guard(request);
    return ok({ limits: quotas.current() });
  });

  app.post('/ops/quotas/set', async (request) => {
    guard(request);
    const body = parse(quotaSetBody, request.body, '{limits: {messagesPerMinute?, imagesPerHour?, imageBytesPerHour?, imagesPerDay?, imageBytesPerDay?, mediaBytesPerPlayer?}, by}');
    const limits = await quotas.set(body.limits, body.by);
    request.log.info({ audit: 'quota_settings', changes: body.limits, by: body.by }, 'quotas changed');
    return ok({ limits });
  });

  app.post('/ops/quotas/audit', async (request) => {
    guard(request);
    const body = parse(quotaAuditBody, request.body, '{limit?: 1-500}');
    return ok({ changes: await quotas.audit(body.limit) });
  });
}
