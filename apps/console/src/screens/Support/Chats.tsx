import { usePermissions, useTranslate } from '@refinedev/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Badge, Button, Card, Empty, Image, Input, List, Popconfirm, Segmented, Space, Tag, Typography } from 'antd';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { opsCall, type Response } from '../../api/opsClient.ts';
import { dateTime } from '../../components/format.ts';
import { PageState, useErrorText } from '../../components/PageState.tsx';
import { consoleSocket } from '../../live/live.tsx';
import { mayCall } from '../../state/me.ts';
import { CannedReplies } from './CannedReplies.tsx';
import { AssignButton, HolderTag, MineFilter } from './ChatAssignment.tsx';

type Status = 'open' | 'closed' | 'all';

/** chat.conversation's answer: the state and a page of messages, oldest first. */
type Conversation = Response<'chat', 'conversation'>;
/** A message as the chat calls answer it. */
export type ChatMessage = Conversation['list'][number];
/** chat.conversations' answer: the queue. */
type Queue = Response<'chat', 'conversations'>;

const PAGE = 30;
const MESSAGES = 50;
/** How long one "typing" lasts before it is said again while the member keeps typing. */
const TYPING_REPEAT_MS = 4000;

/** A sender's idempotency key: letters and digits, made once per answer and kept for its retries. */
function newClientMsgId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `c${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The live chat inbox: the queue (unanswered first, as the server orders it) beside the open
 * conversation, both read again whenever the console socket says a message arrived.
 */
export default function Chats() {
  const t = useTranslate();
  const queryClient = useQueryClient();
  const { data: permissions } = usePermissions<string[]>({});
  const [params, setParams] = useSearchParams();
  const selected = Number(params.get('c')) || null;
  const [status, setStatus] = useState<Status>('open');
  const [offset, setOffset] = useState(0);
  const [mine, setMine] = useState(false);

  const list = useQuery({
    queryKey: ['ops', 'chat', 'conversations', status, mine, offset],
    queryFn: () => opsCall<Queue>('/ops/v1/chat/conversations', { status, mine, limit: PAGE, offset }),
    // The socket brings changes at once; this only catches one missed while it was reconnecting.
    refetchInterval: 120_000,
  });

  useEffect(
    () =>
      consoleSocket.subscribe((frame) => {
        if (frame.event === 'chat.message' || frame.event === 'chat.assigned') void queryClient.invalidateQueries({ queryKey: ['ops', 'chat'] });
      }),
    [queryClient],
  );

  const conversations = list.data?.conversations ?? [];
  const choose = (id: number) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      next.set('c', String(id));
      return next;
    });

  return (
    <div data-testid="support-chats">
      <Space style={{ marginBottom: 12, justifyContent: 'space-between', width: '100%' }} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('support.chats.title')}
        </Typography.Title>
        <Space wrap>
          <Segmented
            value={status}
            onChange={(value) => {
              setStatus(value as Status);
              setOffset(0);
            }}
            options={(['open', 'closed', 'all'] as const).map((value) => ({ value, label: t(`support.chats.status.${value}`) }))}
            data-testid="chat-status"
          />
          <MineFilter
            value={mine}
            onChange={(value) => {
              setMine(value);
              setOffset(0);
            }}
          />
        </Space>
      </Space>
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        {t('support.chats.noAssign')}
      </Typography.Paragraph>
      <div style={{ display: 'flex', gap: 12, alignItems: 'stretch', minWidth: 0 }}>
        <Card
          size="small"
          style={{ width: 300, flex: '0 0 300px', minWidth: 0 }}
          styles={{ body: { padding: 0, height: '100%', display: 'flex', flexDirection: 'column' } }}
        >
          <PageState
            loading={list.isLoading}
            error={list.error}
            onRetry={() => void list.refetch()}
            empty={conversations.length === 0 && offset === 0}
            emptyText={status === 'closed' ? t('support.chats.emptyClosed') : t('support.chats.empty')}
          >
            <List
              dataSource={conversations}
              data-testid="chat-inbox"
              style={{ flex: '1 1 auto', height: 'calc(100vh - 330px)', minHeight: 240, overflowY: 'auto' }}
              renderItem={(row) => (
                <List.Item
                  key={row.conversationId}
                  onClick={() => choose(row.conversationId)}
                  data-testid="chat-row"
                  data-player-id={row.playerId}
                  data-awaiting={row.awaitingReply ? 'yes' : 'no'}
                  style={{ cursor: 'pointer', padding: '8px 12px', background: row.conversationId === selected ? '#e6f0ff' : undefined, display: 'block' }}
                >
                  <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
                    <Typography.Text strong ellipsis>
                      {row.nickname ?? t('support.chats.player', { id: row.playerId })}
                    </Typography.Text>
                    {row.unread > 0 && <Badge count={row.unread} size="small" title={t('support.chats.unread', { count: row.unread })} />}
                  </div>
                  <Typography.Text type="secondary" ellipsis style={{ display: 'block', fontSize: 13 }}>
                    {row.playerTyping
                      ? t('support.chats.typing')
                      : row.lastMessage
                        ? row.lastMessage.imageUrl && !row.lastMessage.text
                          ? t('support.chats.image')
                          : row.lastMessage.text
                        : t('support.chats.noMessage')}
                  </Typography.Text>
                  <Space size={4} wrap style={{ marginTop: 2 }}>
                    {row.awaitingReply && <Tag color="orange">{t('support.chats.awaiting')}</Tag>}
                    {row.status === 'closed' && <Tag>{t('support.chats.status.closed')}</Tag>}
                    <HolderTag holder={row.assignedTo} mine={row.mine} />
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {row.awaitingReply && row.waitingSince ? t('support.chats.waitingSince', { time: dateTime(row.waitingSince) }) : dateTime(row.updatedAt)}
                    </Typography.Text>
                  </Space>
                </List.Item>
              )}
            />
            <Space style={{ padding: 8, justifyContent: 'space-between', width: '100%' }}>
              <Button size="small" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
                {t('support.chats.previous')}
              </Button>
              <Typography.Text type="secondary">{t('support.chats.page', { page: offset / PAGE + 1 })}</Typography.Text>
              <Button size="small" disabled={conversations.length < PAGE} onClick={() => setOffset(offset + PAGE)}>
                {t('support.chats.next')}
              </Button>
            </Space>
          </PageState>
        </Card>
        <Card size="small" style={{ flex: '1 1 auto', minWidth: 0 }}>
          {selected ? (
            <ConversationPane key={selected} id={selected} canAnswer={mayCall(permissions, 'chat.answer')} canClose={mayCall(permissions, 'chat.close')} />
          ) : (
            <Empty description={t('support.chats.pick')} style={{ margin: '64px 0' }} />
          )}
        </Card>
      </div>
    </div>
  );
}

function ConversationPane({ id, canAnswer, canClose }: { id: number; canAnswer: boolean; canClose: boolean }) {
  const t = useTranslate();
  const { data: permissions } = usePermissions<string[]>({});
  const canAssign = mayCall(permissions, 'chat.assign');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const latest = useQuery({
    queryKey: ['ops', 'chat', 'conversation', id],
    queryFn: () => opsCall<Conversation>('/ops/v1/chat/conversation', { conversationId: id, limit: MESSAGES }),
    // The player's typing has no event of its own: it is read with the conversation, now and then.
    refetchInterval: 10_000,
  });
  const [older, setOlder] = useState<{ list: ChatMessage[]; hasMore: boolean } | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const conversation = latest.data;

  const messages = useMemo(() => {
    const bySeq = new Map<number, ChatMessage>();
    for (const item of [...(older?.list ?? []), ...(conversation?.list ?? [])]) bySeq.set(item.seq, item);
    return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
  }, [older, conversation]);
  const hasMore = older ? older.hasMore : (conversation?.hasMore ?? false);

  const loadOlder = async () => {
    setLoadingOlder(true);
    try {
      const page = await opsCall<Conversation>('/ops/v1/chat/conversation', { conversationId: id, beforeSeq: messages[0]?.seq ?? 1, limit: MESSAGES });
      setOlder({ list: [...page.list, ...(older?.list ?? [])], hasMore: page.hasMore });
    } catch (error) {
      message.error(errorText(error));
    } finally {
      setLoadingOlder(false);
    }
  };

  // The newest message stays in view as messages arrive.
  const scroller = useRef<HTMLDivElement>(null);
  const lastSeq = messages.at(-1)?.seq ?? 0;
  useLayoutEffect(() => {
    if (lastSeq && scroller.current) scroller.current.scrollTop = scroller.current.scrollHeight;
  }, [lastSeq]);

  const close = async () => {
    try {
      await opsCall('/ops/v1/chat/close', { conversationId: id });
      message.success(t('support.chats.closed'));
      await queryClient.invalidateQueries({ queryKey: ['ops', 'chat'] });
    } catch (error) {
      message.error(errorText(error));
    }
  };

  return (
    <PageState loading={latest.isLoading} error={latest.error} onRetry={() => void latest.refetch()}>
      {conversation && (
        <div data-testid="chat-pane" data-conversation-id={id}>
          <Space style={{ justifyContent: 'space-between', width: '100%', marginBottom: 8 }} wrap>
            <Space wrap>
              <Typography.Text strong>{conversation.nickname ?? t('support.chats.player', { id: conversation.playerId })}</Typography.Text>
              <Link to={`/players/${conversation.playerId}`}>{t('support.chats.openPlayer')}</Link>
              {conversation.status === 'closed' && <Tag>{t('support.chats.status.closed')}</Tag>}
              {conversation.playerTyping && (
                <Tag color="blue" data-testid="chat-player-typing">
                  {t('support.chats.typing')}
                </Tag>
              )}
              <HolderTag holder={conversation.assignedTo} mine={conversation.mine} />
              {canAssign && <AssignButton conversationId={id} holder={conversation.assignedTo} mine={conversation.mine} />}
            </Space>
            {canClose && conversation.status === 'open' && (
              <Popconfirm
                title={t('support.chats.closeConfirm')}
                onConfirm={close}
                okText={t('support.chats.close')}
                cancelText={t('support.bulletins.cancel')}
              >
                <Button danger size="small" data-testid="chat-close">
                  {t('support.chats.close')}
                </Button>
              </Popconfirm>
            )}
          </Space>
          <div
            ref={scroller}
            style={{ height: 'calc(100vh - 420px)', minHeight: 220, overflowY: 'auto', background: '#f6f8fa', borderRadius: 6, padding: 12 }}
            data-testid="chat-messages"
          >
            {hasMore && (
              <div style={{ textAlign: 'center', marginBottom: 8 }}>
                <Button size="small" loading={loadingOlder} onClick={() => void loadOlder()}>
                  {t('support.chats.loadOlder')}
                </Button>
              </div>
            )}
            {messages.map((item) => (
              <MessageBubble key={item.seq} item={item} read={item.sender === 'operator' && item.seq <= conversation.playerReadSeq} />
            ))}
          </div>
          {conversation.status === 'closed' && <Alert type="info" showIcon style={{ marginTop: 8 }} message={t('support.chats.closedNote')} />}
          {canAnswer && <AnswerBox id={id} />}
        </div>
      )}
    </PageState>
  );
}

function MessageBubble({ item, read }: { item: ChatMessage; read: boolean }) {
  const t = useTranslate();
  const mine = item.sender === 'operator';
  return (
    <div style={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start', marginBottom: 8 }}>
      <div
        data-testid="console-chat-message"
        data-sender={item.sender}
        style={{
          maxWidth: '75%',
          background: mine ? '#d6e6ff' : '#fff',
          border: '1px solid #e1e4e8',
          borderRadius: 8,
          padding: '6px 10px',
          overflowWrap: 'anywhere',
          whiteSpace: 'pre-wrap',
        }}
      >
        {item.imageUrl && (
          <Image
            src={item.imageUrl}
            alt={t('support.chats.image')}
            style={{ maxWidth: 240, maxHeight: 240, display: 'block', marginBottom: item.text ? 6 : 0 }}
            data-testid="chat-image"
          />
        )}
        {item.text && <div>{item.text}</div>}
        <div style={{ fontSize: 11, color: '#6e7781', marginTop: 2 }}>
          {mine ? `${item.operatorName ?? t('support.chats.you')} · ` : ''}
          {dateTime(item.createdAt)}
          {read ? ` · ${t('support.chats.readByPlayer')}` : ''}
        </div>
      </div>
    </div>
  );
}

/** The answer box: one idempotency key per answer, kept across its retries, so a retry never sends twice; typing is told to the player. */
function AnswerBox({ id }: { id: number }) {
  const t = useTranslate();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  /** The key of the answer being sent and the text it was made for; a retry of the same text reuses it. */
  const pending = useRef<{ key: string; text: string } | null>(null);
  const typingSaid = useRef(0);

  const sayTyping = useCallback(
    (typing: boolean) => {
      void opsCall('/ops/v1/chat/typing', { conversationId: id, typing }).catch(() => undefined);
    },
    [id],
  );

  useEffect(
    () => () => {
      if (typingSaid.current) sayTyping(false);
    },
    [sayTyping],
  );

  const change = (next: string) => {
    setText(next);
    const now = Date.now();
    if (next.trim() && now - typingSaid.current > TYPING_REPEAT_MS) {
      typingSaid.current = now;
      sayTyping(true);
    } else if (!next.trim() && typingSaid.current) {
      typingSaid.current = 0;
      sayTyping(false);
    }
  };

  const send = async () => {
    const body = text.trim();
    if (!body || sending) return;
    if (pending.current?.text !== body) pending.current = { key: newClientMsgId(), text: body };
    setSending(true);
    try {
      await opsCall('/ops/v1/chat/answer', { conversationId: id, clientMsgId: pending.current.key, text: body });
      pending.current = null;
      setText('');
      if (typingSaid.current) {
        typingSaid.current = 0;
        sayTyping(false);
      }
      await queryClient.invalidateQueries({ queryKey: ['ops', 'chat'] });
    } catch (error) {
      // The key is kept: sending again after a lost answer stores the message once.
      message.error(errorText(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <div style={{ marginTop: 8 }}>
      <Input.TextArea
        value={text}
        onChange={(event) => change(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            void send();
          }
        }}
        onBlur={() => {
          if (typingSaid.current) {
            typingSaid.current = 0;
            sayTyping(false);
          }
        }}
        placeholder={t('support.chats.answerPlaceholder')}
        autoSize={{ minRows: 2, maxRows: 6 }}
        maxLength={2000}
        data-testid="chat-answer"
      />
      <Space style={{ marginTop: 8, justifyContent: 'space-between', width: '100%' }} wrap>
        <CannedReplies onPick={(reply) => change(text.trim() ? `${text.trimEnd()}\n${reply}` : reply)} />
        <Button type="primary" loading={sending} disabled={!text.trim()} onClick={() => void send()} data-testid="chat-answer-send">
          {t('support.chats.send')}
        </Button>
      </Space>
    </div>
  );
}
