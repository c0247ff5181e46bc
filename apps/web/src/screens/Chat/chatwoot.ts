import type { ChatWidget } from '../../state/queries/chat';

type Widget = NonNullable<ChatWidget>;

interface ChatwootWindow {
  chatwootSDK?: { run(options: { websiteToken: string; baseUrl: string }): void };
  chatwootSettings?: Record<string, unknown>;
  $chatwoot?: { setUser(identifier: string, user: { name?: string; identifier_hash?: string }): void; toggle(state?: 'open' | 'close'): void };
}

let loading: Promise<void> | null = null;

/**
 * Loads the operator's Chatwoot widget once and tells it who the player is with the identity the
 * server signed (identifier and its HMAC): the widget's server refuses an identity whose hash does
 * not match, so nobody can read another player's conversation by naming them.
 */
export function loadChatwoot(widget: Widget, w: Window & ChatwootWindow = window): Promise<void> {
  if (loading) return loading;
  loading = new Promise<void>((resolve, reject) => {
    const baseUrl = widget.baseUrl.replace(/\/+$/, '');
    w.chatwootSettings = { hideMessageBubble: true, position: 'right', locale: document.documentElement.lang.slice(0, 2) || 'en' };
    w.addEventListener(
      'chatwoot:ready',
      () => {
        w.$chatwoot?.setUser(widget.identifier, { name: widget.name, identifier_hash: widget.identifierHash ?? undefined });
        resolve();
      },
      { once: true },
    );
    const script = document.createElement('script');
    script.src = `${baseUrl}/packs/js/sdk.js`;
    script.async = true;
    script.onload = () => w.chatwootSDK?.run({ websiteToken: widget.websiteToken, baseUrl });
    script.onerror = () => {
      loading = null;
      reject(new Error('live chat unavailable'));
    };
    document.head.append(script);
  });
  return loading;
}

export function openChatwoot(w: Window & ChatwootWindow = window): void {
  w.$chatwoot?.toggle('open');
}
