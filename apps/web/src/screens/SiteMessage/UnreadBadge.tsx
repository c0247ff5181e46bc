import { useTranslation } from 'react-i18next';
import { useUnreadMail } from '../../state/queries/mailUnread';
import { useSession } from '../../state/session';
import { MAIL_NS } from './useMailT';
import './siteMessage.css';

/**
 * The unread site-message count, live over the player's socket: on the profile tab's icon (`tab`) and
 * on the profile's Messages row (`row`). Nothing when signed out or all read.
 */
export function UnreadMailBadge({ variant, testId }: { variant: 'tab' | 'row'; testId: string }) {
  const token = useSession((s) => s.token);
  const { data } = useUnreadMail();
  // The namespace may not be loaded where the badge first shows (the tab bar): the bare number reads well enough until it is.
  const { t, i18n } = useTranslation(MAIL_NS);
  const count = token ? (data?.unread ?? 0) : 0;
  if (count === 0) return null;
  const label = i18n.hasResourceBundle(i18n.language, MAIL_NS) ? t('badge', { count }) : String(count);
  return (
    <span className={variant === 'tab' ? 'tab-badge' : 'mail-badge'} data-testid={testId} data-count={count} aria-label={label} role="status" dir="ltr">
      {count > 99 ? '99+' : count}
    </span>
  );
}
