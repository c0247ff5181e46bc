import type { CallResponse, chatCalls } from '@lobby/contract';
import { CHAT_IMAGE_MAX_BYTES } from '@lobby/contract';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../api';
import { calls } from '../../api/calls';
import { newRequestId } from '../../lib/requestId';
import { isRealtimeConnected, onPlayerEvent, onRealtimeStatus } from '../realtime';
import { useSession } from '../session';
import { chatKeys } from './keys';

export { chatKeys } from './keys';

export type ChatMessage = CallResponse<typeof chatCalls.send>;
export type ChatWidget = CallResponse<typeof chatCalls.widget>;

export interface ChatConversation {
  conversationId: number | null;
  status: 'open' | 'closed' | null;
  operatorReadSeq: number;
  /** Oldest first, one per number. */
  messages: ChatMessage[];
  /** Older messages remain on the server (load them with `loadOlder`). */
  olderAvailable: boolean;
}

export const CHAT_PAGE_SIZE = 30;
/** Polling stands in for the socket while it is down; with it up, a slow poll only guards against a missed push. */
const POLL_OFFLINE_MS = 5000;
const POLL_ONLINE_MS = 30_000;
/** A reconnected socket authenticates after it opens: catch up once at once and once after the auth has surely landed. */
const CATCH_UP_AGAIN_MS = 2000;
const TYPING_RENEW_MS = 3000;
const TYPING_SHOWN_MS = 6000;
const quiet = { silent: true } as const;

/** Messages of both lists, one per number, oldest first. */
export function mergeMessages(existing: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const bySeq = new Map<number, ChatMessage>();
  for (const message of existing) bySeq.set(message.seq, message);
  for (const message of incoming) bySeq.set(message.seq, message);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

/** The last number before the first gap: everything up to it is held, so a catch-up asks for what follows it. */
export function contiguousEnd(messages: readonly ChatMessage[]): number {
  if (messages.length === 0) return 0;
  let end = messages[0].seq;
  for (const message of messages.slice(1)) {
    if (message.seq !== end + 1) break;
    end = message.seq;
  }
  return end;
}

type HistoryReply = CallResponse<typeof chatCalls.history>;

function fromReply(reply: HistoryReply, messages: ChatMessage[], olderAvailable: boolean): ChatConversation {
  return { conversationId: reply.conversationId, status: reply.status, operatorReadSeq: reply.operatorReadSeq, messages, olderAvailable };
}

/**
 * The first read takes the newest page; every later read (a poll, a reconnect, a pushed number that
 * skipped one) asks only for what follows the last message held without a gap, page by page.
 */
async function readConversation(client: QueryClient, signal: AbortSignal): Promise<ChatConversation> {
  const held = client.getQueryData<ChatConversation>(chatKeys.conversation());
  if (!held || held.messages.length === 0) {
    const reply = await api.call(calls.chat.history, { limit: CHAT_PAGE_SIZE }, { ...quiet, signal });
    return fromReply(reply, reply.list, reply.hasMore);
  }
  let messages = held.messages;
  for (;;) {
    const reply = await api.call(calls.chat.history, { afterSeq: contiguousEnd(messages), limit: 100 }, { ...quiet, signal });
    messages = mergeMessages(messages, reply.list);
    if (!reply.hasMore || reply.list.length === 0) return fromReply(reply, messages, held.olderAvailable);
  }
}

function applyMessage(client: QueryClient, message: ChatMessage): boolean {
  let gap = false;
  client.setQueryData<ChatConversation>(chatKeys.conversation(), (held) => {
    if (!held) return held;
    const messages = mergeMessages(held.messages, [message]);
    gap = contiguousEnd(messages) < messages[messages.length - 1].seq;
    // An operator who answers has read everything before the answer.
    const operatorReadSeq = message.sender === 'operator' ? Math.max(held.operatorReadSeq, message.seq) : held.operatorReadSeq;
    return { ...held, messages, operatorReadSeq, status: message.sender === 'player' ? 'open' : held.status };
  });
  return gap;
}

/**
 * The player's support conversation, live: pushed messages (event `chat.message`) are merged by
 * number, so one that arrives twice shows once; a reconnected socket and a number that skipped one
 * both catch up from the last message held, so none is lost; while the socket is down it polls.
 */
export function useChatConversation() {
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  const query = useQuery({
    queryKey: chatKeys.conversation(),
    queryFn: ({ signal }) => readConversation(client, signal),
    enabled: token !== null,
    refetchInterval: () => (isRealtimeConnected() ? POLL_ONLINE_MS : POLL_OFFLINE_MS),
    meta: quiet,
  });
  const { refetch } = query;

  useEffect(() => {
    if (token === null) return;
    const timers: ReturnType<typeof setTimeout>[] = [];
    const catchUp = () => void refetch();
    const offMessage = onPlayerEvent('chat.message', (data) => {
      if (applyMessage(client, data as ChatMessage)) catchUp();
    });
    const offStatus = onPlayerEvent('chat.status', (data) => {
      const status = (data as { status?: unknown }).status;
      if (status !== 'open' && status !== 'closed') return;
      client.setQueryData<ChatConversation>(chatKeys.conversation(), (held) => (held ? { ...held, status } : held));
    });
    const offRead = onPlayerEvent('chat.read', (data) => {
      const seq = (data as { seq?: unknown }).seq;
      if (typeof seq !== 'number') return;
      client.setQueryData<ChatConversation>(chatKeys.conversation(), (held) =>
        held ? { ...held, operatorReadSeq: Math.max(held.operatorReadSeq, seq) } : held,
      );
    });
    const offStatusChange = onRealtimeStatus((connected) => {
      if (!connected) return;
      catchUp();
      timers.push(setTimeout(catchUp, CATCH_UP_AGAIN_MS));
    });
    return () => {
      offMessage();
      offStatus();
      offRead();
      offStatusChange();
      timers.forEach(clearTimeout);
    };
  }, [client, refetch, token]);

  const [loadingOlder, setLoadingOlder] = useState(false);
  const loadOlder = useCallback(async () => {
    const held = client.getQueryData<ChatConversation>(chatKeys.conversation());
    if (!held?.olderAvailable || held.messages.length === 0) return;
    setLoadingOlder(true);
    try {
      const reply = await api.call(calls.chat.history, { beforeSeq: held.messages[0].seq, limit: CHAT_PAGE_SIZE }, quiet);
      client.setQueryData<ChatConversation>(chatKeys.conversation(), (now) =>
        now ? { ...now, messages: mergeMessages(reply.list, now.messages), olderAvailable: reply.hasMore } : now,
      );
    } finally {
      setLoadingOlder(false);
    }
  }, [client]);

  return { ...query, loadOlder, loadingOlder };
}

export interface OutgoingMessage {
  clientMsgId: string;
  text: string;
  /** A local preview of the image being sent. */
  previewUrl: string | null;
  state: 'sending' | 'failed';
  /** Why it failed, when the server said (an image too large or not an image). */
  errorCode?: number;
}

type Payload = { kind: 'text'; text: string } | { kind: 'image'; image: string; type?: string; text?: string };

export type ImageProblem = 'tooLarge' | 'notImage';

/** What the server would refuse anyway, said before the upload: the server still checks the bytes. */
export function checkImageFile(file: { size: number; type: string }): ImageProblem | null {
  if (file.size > CHAT_IMAGE_MAX_BYTES) return 'tooLarge';
  if (!/^image\/(png|jpeg|webp|gif)$/.test(file.type)) return 'notImage';
  return null;
}

async function base64Of(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * Messages on their way: each keeps its client id from the first try, so a retry after a failure or
 * a lost answer stores one message. A message that failed for want of a connection is sent again
 * when the socket comes back.
 */
export function useChatOutbox() {
  const client = useQueryClient();
  const [outgoing, setOutgoing] = useState<OutgoingMessage[]>([]);
  const payloads = useRef(new Map<string, Payload>());

  const deliver = useCallback(
    async (clientMsgId: string) => {
      const payload = payloads.current.get(clientMsgId);
      if (!payload) return;
      setOutgoing((list) => list.map((m) => (m.clientMsgId === clientMsgId ? { ...m, state: 'sending', errorCode: undefined } : m)));
      try {
        const message =
          payload.kind === 'text'
            ? await api.call(calls.chat.send, { clientMsgId, text: payload.text }, quiet)
            : await api.call(calls.chat.sendImage, { clientMsgId, image: payload.image, type: payload.type, text: payload.text }, quiet);
        if (!client.getQueryData(chatKeys.conversation())) await client.refetchQueries({ queryKey: chatKeys.conversation() });
        else if (applyMessage(client, message)) void client.refetchQueries({ queryKey: chatKeys.conversation() });
        payloads.current.delete(clientMsgId);
        setOutgoing((list) => list.filter((m) => m.clientMsgId !== clientMsgId));
      } catch (error) {
        const code = (error as { details?: { code?: number } }).details?.code;
        setOutgoing((list) => list.map((m) => (m.clientMsgId === clientMsgId ? { ...m, state: 'failed', errorCode: code } : m)));
      }
    },
    [client],
  );

  const queue = useCallback(
    (payload: Payload, shown: { text: string; previewUrl: string | null }) => {
      const clientMsgId = newRequestId();
      payloads.current.set(clientMsgId, payload);
      setOutgoing((list) => [...list, { clientMsgId, ...shown, state: 'sending' }]);
      void deliver(clientMsgId);
    },
    [deliver],
  );

  const sendText = useCallback((text: string) => queue({ kind: 'text', text }, { text, previewUrl: null }), [queue]);
  const sendImage = useCallback(
    async (file: File) => {
      const image = await base64Of(file);
      queue({ kind: 'image', image, type: file.type || undefined }, { text: '', previewUrl: URL.createObjectURL(file) });
    },
    [queue],
  );

  // Failures for want of a connection (no code from the server) go again once it is back.
  const outgoingRef = useRef(outgoing);
  outgoingRef.current = outgoing;
  useEffect(
    () =>
      onRealtimeStatus((connected) => {
        if (!connected) return;
        for (const message of outgoingRef.current) if (message.state === 'failed' && message.errorCode === undefined) void deliver(message.clientMsgId);
      }),
    [deliver],
  );

  return { outgoing, sendText, sendImage, retry: deliver };
}

/** Tells support the player is typing: at most once per few seconds while keys are pressed, and once when they stop. */
export function useChatTyping() {
  const lastSent = useRef(0);
  const typing = useCallback(() => {
    const now = Date.now();
    if (now - lastSent.current < TYPING_RENEW_MS) return;
    lastSent.current = now;
    void api.call(calls.chat.typing, { typing: true }, quiet).catch(() => undefined);
  }, []);
  const stopped = useCallback(() => {
    if (lastSent.current === 0) return;
    lastSent.current = 0;
    void api.call(calls.chat.typing, { typing: false }, quiet).catch(() => undefined);
  }, []);
  return { typing, stopped };
}

/** Whether the operator is typing now, from the pushed `chat.typing` event; it fades after a few seconds without renewal. */
export function useOperatorTyping(): boolean {
  const [typing, setTyping] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const offTyping = onPlayerEvent('chat.typing', (data) => {
      clearTimeout(timer);
      const on = (data as { typing?: unknown }).typing === true;
      setTyping(on);
      if (on) timer = setTimeout(() => setTyping(false), TYPING_SHOWN_MS);
    });
    // An answer ends the typing.
    const offMessage = onPlayerEvent('chat.message', (data) => {
      if ((data as ChatMessage).sender === 'operator') setTyping(false);
    });
    return () => {
      clearTimeout(timer);
      offTyping();
      offMessage();
    };
  }, []);
  return typing;
}

/** Tells the server the player has seen the conversation up to this message. */
export function useMarkChatRead(seq: number) {
  const sent = useRef(0);
  useEffect(() => {
    if (seq <= sent.current) return;
    sent.current = seq;
    void api.call(calls.chat.read, { seq }, quiet).catch(() => undefined);
  }, [seq]);
}

/** The external live-chat widget the operator configured, with the identity the server signed; null when none. */
export function useChatWidget() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: chatKeys.widget(),
    queryFn: ({ signal }) => api.call(calls.chat.widget, {}, { ...quiet, signal }),
    enabled: token !== null,
    staleTime: 10 * 60_000,
    meta: quiet,
  });
}
