import { chatCalls, chatOpsCalls, quotasOpsCalls } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import type { OpsRegistrar } from '../../http/ops-call.ts';
import { registerCall } from '../../http/rpc.ts';
import type { SessionService } from '../player/session.service.ts';
import type { ChatQuotas } from './chat-quotas.ts';
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

/**
 * The operator's side of the support chat: the queue of conversations, unanswered first; one
 * conversation (the player's own words: audited as a view of personal data); answering it under the
 * actor's name (pushed to the player at once); typing; closing.
 */
export function registerSupportChatOpsRoutes(ops: OpsRegistrar, chat: SupportChatService) {
  ops.register(chatOpsCalls.conversations, async ({ body, actor }) => ({
    conversations: await chat.queue(body, { kind: actor.kind, id: actor.id, name: actor.name }),
  }));

  // "Assign to me": the holder is always the caller, never a name the body gives.
  ops.register(chatOpsCalls.assign, async ({ body, actor, audit }) => {
    audit.target = `conversation:${body.conversationId}`;
    const change = await chat.assign(body.conversationId, body.release ? null : { kind: actor.kind, id: actor.id, name: actor.name });
    audit.before = { assignedTo: change.previous?.name ?? null };
    audit.after = { assignedTo: change.assignedTo?.name ?? null };
    return change;
  });

  ops.register(chatOpsCalls.conversation, async ({ body, actor, audit }) => {
    audit.target = `conversation:${body.conversationId}`;
    const conversation = await chat.conversation(body.conversationId, body, { kind: actor.kind, id: actor.id, name: actor.name });
    audit.target = `player:${conversation.playerId}`;
    return conversation;
  });

  ops.register(chatOpsCalls.answer, async ({ body, actor, audit }) => {
    audit.target = `conversation:${body.conversationId}`;
    return chat.answer(body.conversationId, actor.name, body.clientMsgId, body.text);
  });

  ops.register(chatOpsCalls.typing, async ({ body, audit }) => {
    audit.target = `conversation:${body.conversationId}`;
    await chat.operatorTyping(body.conversationId, body.typing);
    return null;
  });

  ops.register(chatOpsCalls.close, async ({ body, actor, audit }) => {
    audit.target = `conversation:${body.conversationId}`;
    const change = await chat.closeConversation(body.conversationId, actor.name);
    audit.before = { status: change.before };
    audit.after = { status: change.after };
    return { conversationId: body.conversationId, status: change.after };
  });
}

/**
 * The operator's quotas of the chat and the media store: read them, change some (validated whole,
 * stored with an audit row under the actor's name, applied at once on every instance), and the audit
 * of past changes.
 */
export function registerChatQuotaOpsRoutes(ops: OpsRegistrar, quotas: ChatQuotas) {
  ops.register(quotasOpsCalls.get, async () => ({ limits: quotas.current() }));

  ops.register(quotasOpsCalls.set, async ({ body, actor, audit }) => {
    // A copy: the limits in force are replaced when the change is applied.
    audit.before = { ...quotas.current() };
    const limits = await quotas.set(body.limits, actor.name);
    audit.after = limits;
    return { limits };
  });

  ops.register(quotasOpsCalls.audit, async ({ body }) => ({ changes: await quotas.audit(body.limit) }));
}
