import { useIonRouter } from '@ionic/react';
import { useEffect, useRef } from 'react';
import { useParams } from 'react-router-dom';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Icon } from '../../components/Icon';
import { Screen } from '../../components/Screen';
import { SignInPrompt } from '../../components/SignInPrompt';
import { useDeleteMail, useMail, useMailCategories, useReadMail } from '../../state/queries/mail';
import { useSession } from '../../state/session';
import { useSettings } from '../../state/settings';
import { showConfirm } from '../../state/ui';
import { linkify } from './linkify';
import { formatMailTime, MailLoadError, useCategoryName } from './parts';
import { useMailT } from './useMailT';
import './siteMessage.css';

/** One message in full, read once it is open. */
export function MailDetail({ id }: { id: number }) {
  const { t } = useMailT();
  const router = useIonRouter();
  const language = useSettings((s) => s.language);
  const mail = useMail(id);
  const categories = useMailCategories();
  const categoryName = useCategoryName(categories.data);
  const read = useReadMail();
  const remove = useDeleteMail();

  // Opening a message reads it, once.
  const marked = useRef(false);
  const { mutate } = read;
  useEffect(() => {
    if (mail.data && !mail.data.isRead && !marked.current) {
      marked.current = true;
      mutate([mail.data.id]);
    }
  }, [mail.data, mutate]);

  const confirmDelete = async () => {
    const ok = await showConfirm({
      title: t('delete.title'),
      message: t('delete.confirm'),
      confirm: t('delete.action'),
      cancel: t('delete.cancel'),
      testId: 'mail-delete-confirm',
    });
    if (!ok) return;
    await remove.mutateAsync(id).catch(() => undefined);
    router.push('/siteMessage', 'back', 'replace');
  };

  if (mail.isPending) {
    return (
      <div className="mail-card" aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <span key={i} className="skeleton skeleton--text" />
        ))}
      </div>
    );
  }
  if (mail.isError) return <MailLoadError onRetry={() => void mail.refetch()} testId="mail-detail-error" />;
  if (!mail.data) {
    return (
      <EmptyState
        icon="mail"
        title={t('gone.title')}
        text={t('gone.text')}
        testId="mail-gone"
        action={
          <Button variant="secondary" onClick={() => router.push('/siteMessage', 'back', 'replace')} data-testid="mail-gone-back">
            {t('gone.back')}
          </Button>
        }
      />
    );
  }
  const message = mail.data;
  return (
    <article className="mail-card mail-detail" data-testid="mail-detail" data-id={message.id}>
      <div className="mail-row__top">
        <span className="mail-row__category">{categoryName(message.category)}</span>
        <time dateTime={message.createdAt} className="mail-row__time">
          {formatMailTime(message.createdAt, language)}
        </time>
      </div>
      <h2 className="mail-detail__title" data-testid="mail-detail-title" dir="auto">
        {message.title}
      </h2>
      <div className="mail-detail__content" data-testid="mail-detail-content" dir="auto">
        {linkify(message.content)}
      </div>
      {message.expiresAt && <p className="mail-detail__expiry">{t('expires', { time: formatMailTime(message.expiresAt, language) })}</p>}
      <Button variant="ghost" size="sm" onClick={() => void confirmDelete()} busy={remove.isPending} data-testid="mail-delete">
        <Icon name="close" /> {t('delete.action')}
      </Button>
    </article>
  );
}

/** /siteMessage/:id: one message in full; opening it marks it read. */
export default function SiteMessageDetailScreen() {
  const { t } = useMailT();
  const token = useSession((s) => s.token);
  const params = useParams();
  const id = Number(params.id);
  return (
    <Screen title={t('detailTitle')} testId="site-message-detail" backHref="/siteMessage">
      {!token ? (
        <SignInPrompt icon="mail" title={t('visitor.title')} text={t('visitor.text')} loginLabel={t('visitor.login')} testId="mail-visitor" />
      ) : Number.isSafeInteger(id) && id > 0 ? (
        <MailDetail id={id} />
      ) : (
        <EmptyState icon="mail" title={t('gone.title')} text={t('gone.text')} testId="mail-gone" />
      )}
    </Screen>
  );
}
