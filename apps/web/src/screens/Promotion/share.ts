/** The share targets of SPEC section 9, in the order the screen shows them. */
export const SHARE_TARGETS = ['telegram', 'whatsapp', 'twitter', 'instagram', 'facebook', 'line'] as const;
export type ShareTarget = (typeof SHARE_TARGETS)[number];

/** The registration address that carries the invite code (the register screen reads `inviteCode`). */
export function inviteLink(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, '')}/register?inviteCode=${encodeURIComponent(code)}`;
}

/**
 * Where each target's own share page is opened with the prepared message and the link. Instagram
 * has no web share address: the message is copied and the poster saved instead (null here).
 */
export function shareUrl(target: ShareTarget, message: string, link: string): string | null {
  const text = encodeURIComponent(message);
  const url = encodeURIComponent(link);
  const both = encodeURIComponent(`${message}\n${link}`);
  switch (target) {
    case 'telegram':
      return `https://t.me/share/url?url=${url}&text=${text}`;
    case 'whatsapp':
      return `https://wa.me/?text=${both}`;
    case 'twitter':
      return `https://twitter.com/intent/tweet?text=${text}&url=${url}`;
    case 'facebook':
      // Facebook takes only the address; its preview shows the page's own title.
      return `https://www.facebook.com/sharer/sharer.php?u=${url}`;
    case 'line':
      return `https://line.me/R/share?text=${both}`;
    case 'instagram':
      return null;
  }
}
