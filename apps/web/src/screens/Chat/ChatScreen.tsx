import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Icon } from '../../components/Icon';
import { Pressable } from '../../components/Pressable';
import { Screen } from '../../components/Screen';
import {
  checkImageFile,
  useChatConversation,
  useChatOutbox,
  useChatTyping,
  useChatWidget,
  useMarkChatRead,
  useOperatorTyping,
  type ChatMessage,
  type ChatWidget,
  type OutgoingMessage,
} from '../../state/queries/chat';
import { isRealtimeConnected, onRealtimeStatus } from '../../state/realtime';
import { useSettings } from '../../state/settings';
import { loadChatwoot, openChatwoot } from './chatwoot';
import { useChatT } from './useChatT';
import './chat.css';

const TEXT_MAX = 2000;

function timeOf(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language.replace('_', '-'), { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}

function Bubble({ message, read }: { message: ChatMessage; read: boolean }) {
  const { t } = useChatT();
  const language = useSettings((s) => s.language);
  const mine = message.sender === 'player';
  return (
    <li
      className={`chat-bubble ${mine ? 'chat-bubble--mine' : 'chat-bubble--theirs'}`}
      data-testid="chat-message"
      data-seq={message.seq}
      data-sender={message.sender}
    >
      {!mine && <span className="chat-bubble__who">{message.operatorName ?? t('support')}</span>}
      {message.imageUrl && (
        <a href={message.imageUrl} target="_blank" rel="noopener noreferrer">
          <img className="chat-bubble__image" src={message.imageUrl} alt={t('imageAlt')} loading="lazy" />
        </a>
      )}
      {message.text && (
        <p className="chat-bubble__text" dir="auto">
          {message.text}
        </p>
      )}
      <span className="chat-bubble__meta">
        {timeOf(message.createdAt, language)}
        {mine && read && <span className="chat-bubble__read">{` · ${t('read')}`}</span>}
      </span>
    </li>
  );
}

function Outgoing({ message, onRetry }: { message: OutgoingMessage; onRetry(): void }) {
  const { t } = useChatT();
  const failed = message.state === 'failed';
  const reason = message.errorCode === 4 ? t('imageTooLarge') : message.errorCode === 12 ? t('imageNotImage') : t('failed');
  return (
    <li className={`chat-bubble chat-bubble--mine chat-bubble--pending${failed ? ' is-failed' : ''}`} data-testid="chat-outgoing" data-state={message.state}>
      {message.previewUrl && <img className="chat-bubble__image" src={message.previewUrl} alt={t('imageAlt')} />}
      {message.text && (
        <p className="chat-bubble__text" dir="auto">
          {message.text}
        </p>
      )}
      {failed ? (
        <Pressable className="chat-bubble__retry" onClick={onRetry} data-testid="chat-retry">
          {reason} {t('retry')}
        </Pressable>
      ) : (
        <span className="chat-bubble__meta">{t('sending')}</span>
      )}
    </li>
  );
}

function LiveChatPanel({ widget }: { widget: NonNullable<ChatWidget> }) {
  const { t } = useChatT();
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  useEffect(() => {
    let live = true;
    loadChatwoot(widget).then(
      () => live && setState('ready'),
      () => live && setState('failed'),
    );
    return () => {
      live = false;
    };
  }, [widget]);
  return (
    <div className="chat-live" data-testid="chat-live">
      <Icon name="service" />
      <span>{state === 'failed' ? t('liveChatFailed') : t('liveChat')}</span>
      <Button size="sm" variant="secondary" disabled={state !== 'ready'} busy={state === 'loading'} onClick={() => openChatwoot()} data-testid="chat-live-open">
        {t('liveChatOpen')}
      </Button>
    </div>
  );
}

function useConnected(): boolean {
  const [connected, setConnected] = useState(isRealtimeConnected());
  useEffect(() => onRealtimeStatus(setConnected), []);
  return connected;
}

export default function ChatScreen() {
  const { t } = useChatT();
  const conversation = useChatConversation();
  const outbox = useChatOutbox();
  const typingSignal = useChatTyping();
  const operatorTyping = useOperatorTyping();
  const widget = useChatWidget();
  const connected = useConnected();
  const [draft, setDraft] = useState('');
  const [imageProblem, setImageProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const endRef = useRef<HTMLDivElement>(null);

  const data = conversation.data;
  const messages = data?.messages ?? [];
  const lastSeq = messages.at(-1)?.seq ?? 0;
  useMarkChatRead(lastSeq);

  // The newest message stays in view as messages arrive, as in any messenger.
  useLayoutEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [lastSeq, outbox.outgoing.length, operatorTyping]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (!text) return;
    outbox.sendText(text);
    setDraft('');
    typingSignal.stopped();
  };

  const pickImage = (file: File | undefined) => {
    if (!file) return;
    const problem = checkImageFile(file);
    setImageProblem(problem === 'tooLarge' ? t('imageTooLarge') : problem === 'notImage' ? t('imageNotImage') : null);
    if (!problem) void outbox.sendImage(file);
    if (fileInput.current) fileInput.current.value = '';
  };

  const empty = data !== undefined && messages.length === 0 && outbox.outgoing.length === 0;

  return (
    <Screen title={t('title')} testId="chat" backHref="/detail/service" className="chat-screen">
      {widget.data && <LiveChatPanel widget={widget.data} />}
      {!connected && (
        <p className="chat-banner" role="status" data-testid="chat-reconnecting">
          {t('reconnecting')}
        </p>
      )}
      {conversation.isError && !data ? (
        <EmptyState
          icon="chat"
          title={t('loadError')}
          testId="chat-load-error"
          action={
            <Button size="sm" onClick={() => void conversation.refetch()}>
              {t('retry')}
            </Button>
          }
        />
      ) : empty ? (
        <EmptyState icon="chat" title={t('emptyTitle')} text={t('emptyText')} testId="chat-empty" />
      ) : (
        <>
          {data?.olderAvailable && (
            <div className="chat-older">
              <Button size="sm" variant="ghost" busy={conversation.loadingOlder} onClick={() => void conversation.loadOlder()} data-testid="chat-older">
                {t('older')}
              </Button>
            </div>
          )}
          <ol className="chat-list" data-testid="chat-list" aria-live="polite">
            {messages.map((message) => (
              <Bubble key={message.seq} message={message} read={message.seq <= (data?.operatorReadSeq ?? 0)} />
            ))}
            {outbox.outgoing.map((message) => (
              <Outgoing key={message.clientMsgId} message={message} onRetry={() => void outbox.retry(message.clientMsgId)} />
            ))}
          </ol>
        </>
      )}
      {data?.status === 'closed' && (
        <p className="chat-note" data-testid="chat-closed">
          {t('closed')}
        </p>
      )}
      {operatorTyping && (
        <p className="chat-typing" data-testid="chat-typing" role="status">
          {t('operatorTyping')}
        </p>
      )}
      <div ref={endRef} />
      <form className="chat-composer" onSubmit={submit} data-testid="chat-composer">
        {imageProblem && (
          <p className="chat-composer__problem" role="alert" data-testid="chat-image-problem">
            {imageProblem}
          </p>
        )}
        <div className="chat-composer__row">
          <Pressable className="chat-composer__attach" aria-label={t('attach')} onClick={() => fileInput.current?.click()} data-testid="chat-attach">
            <Icon name="plus" />
          </Pressable>
          <input
            ref={fileInput}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            hidden
            onChange={(event) => pickImage(event.target.files?.[0])}
            data-testid="chat-file"
          />
          <textarea
            className="chat-composer__input"
            value={draft}
            rows={1}
            maxLength={TEXT_MAX}
            dir="auto"
            placeholder={t('placeholder')}
            aria-label={t('placeholder')}
            onChange={(event) => {
              setDraft(event.target.value);
              if (event.target.value) typingSignal.typing();
              else typingSignal.stopped();
            }}
            onBlur={typingSignal.stopped}
            onKeyDown={(event) => {
              // Enter sends, Shift+Enter starts a new line, as in messengers.
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
            }}
            data-testid="chat-input"
          />
          <Button type="submit" size="sm" disabled={!draft.trim()} data-testid="chat-send">
            {t('send')}
          </Button>
        </div>
      </form>
    </Screen>
  );
}
