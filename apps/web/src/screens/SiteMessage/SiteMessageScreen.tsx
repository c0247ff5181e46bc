import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { FilterChips } from '../../components/FilterChips';
import { PagedList } from '../../components/PagedList';
import { Screen } from '../../components/Screen';
import { SignInPrompt } from '../../components/SignInPrompt';
import { useMailCategories, useMailList, useReadMail, useUnreadMail, type Mail } from '../../state/queries/mail';
import { useSession } from '../../state/session';
import { useSettings } from '../../state/settings';
import { formatMailTime, MailLoadError, useCategoryName } from './parts';
import { useMailT } from './useMailT';
import './siteMessage.css';

function MailRow({ mail, categoryName }: { mail: Mail; categoryName: string }) {
  const { t } = useMailT();
  const language = useSettings((s) => s.language);
  return (
    <li>
      <Link
        to={`/siteMessage/${mail.id}`}
        className={['mail-row', mail.isRead ? '' : 'is-unread'].filter(Boolean).join(' ')}
        data-testid="mail-row"
        data-id={mail.id}
        data-read={mail.isRead}
      >
        {mail.isRead ? <span className="mail-row__dot" /> : <span className="mail-row__dot" aria-label={t('unreadMark')} role="img" />}
        <span className="mail-row__body">
          <span className="mail-row__top">
            <span className="mail-row__category">{categoryName}</span>
            <time dateTime={mail.createdAt} className="mail-row__time">
              {formatMailTime(mail.createdAt, language)}
            </time>
          </span>
          <b className="mail-row__title" data-testid="mail-row-title" dir="auto">
            {mail.title}
          </b>
          <span className="mail-row__preview" dir="auto">
            {mail.content}
          </span>
        </span>
      </Link>
    </li>
  );
}

function Inbox() {
  const { t } = useMailT();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const list = useMailList(unreadOnly);
  const categories = useMailCategories();
  const categoryName = useCategoryName(categories.data);
  const unread = useUnreadMail();
  const readAll = useReadMail();
  const rows = list.data?.pages.flatMap((page) => page.list) ?? [];

  const unreadCount = unread.data?.unread ?? 0;
  return (
    <>
      <div className="mail-toolbar">
        <FilterChips
          label={t('title')}
          chips={[
            { value: false, label: t('filter.all'), testId: 'mail-filter-all' },
            { value: true, label: t('filter.unread', { count: unreadCount }), testId: 'mail-filter-unread' },
          ]}
          value={unreadOnly}
          onChange={setUnreadOnly}
          className="mail-chips"
        />
        <Button
          variant="ghost"
          size="sm"
          disabled={unreadCount === 0}
          busy={readAll.isPending}
          onClick={() => readAll.mutate('all')}
          data-testid="mail-read-all"
        >
          {t('readAll')}
        </Button>
      </div>
      <PagedList
        query={list}
        count={rows.length}
        className="mail-card"
        error={<MailLoadError onRetry={() => void list.refetch()} testId="mail-error" />}
        empty={
          unreadOnly ? (
            <EmptyState icon="mail" title={t('empty.unreadTitle')} text={t('empty.unreadText')} testId="mail-empty-unread" />
          ) : (
            <EmptyState icon="mail" title={t('empty.title')} text={t('empty.text')} testId="mail-empty" />
          )
        }
        more={{ label: t('more'), testId: 'mail-more' }}
        end={{ label: t('end'), testId: 'mail-end', className: 'mail-end' }}
      >
        <ul className="mail-list" data-testid="mail-list">
          {rows.map((mail) => (
            <MailRow key={mail.id} mail={mail} categoryName={categoryName(mail.category)} />
          ))}
        </ul>
      </PagedList>
    </>
  );
}

/** /siteMessage: the player's site messages, newest first, unread marked, with a filter for the unread ones. */
export default function SiteMessageScreen() {
  const { t } = useMailT();
  const token = useSession((s) => s.token);
  return (
    <Screen title={t('title')} testId="site-message" backHref="/userProfile">
      {token ? (
        <Inbox />
      ) : (
        <SignInPrompt icon="mail" title={t('visitor.title')} text={t('visitor.text')} loginLabel={t('visitor.login')} testId="mail-visitor" />
      )}
    </Screen>
  );
}
