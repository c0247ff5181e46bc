import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Avatar } from '../../components/Avatar';
import { ListGroup, ListRow } from '../../components/ListRow';
import { Screen } from '../../components/Screen';
import { usePlayer } from '../../state/queries/player';
import './userInfo.css';

/** Profile details as `/v1/player/load` returns them. */
export default function UserInfoScreen() {
  const { t, i18n } = useTranslation();
  const { data: player } = usePlayer();
  const joined = player?.createdAt ? new Date(player.createdAt).toLocaleDateString(i18n.language.replace('_', '-')) : '';

  return (
    <Screen title={t('userInfo.title')} testId="user-info" backHref="/userProfile">
      <Link to="/UserInfo/ModifyAvatar" className="user-info__avatar" data-testid="userinfo-avatar">
        <Avatar id={player?.avatar} size="1.6rem" />
        <span>{t('userInfo.changeAvatar')}</span>
      </Link>
      <ListGroup>
        <ListRow icon="user" label={t('userInfo.nickname')} value={<span data-testid="userinfo-nickname">{player?.nickname}</span>} />
        <ListRow icon="star" label={t('userInfo.account')} value={<span data-testid="userinfo-account">{player?.account ?? '—'}</span>} />
        <ListRow icon="card" label={t('userInfo.playerId')} value={<span data-testid="userinfo-id">{player?.id}</span>} />
        {player?.email ? (
          <ListRow
            icon="mail"
            label={t('userInfo.email')}
            value={<span data-testid="userinfo-email">{player.email}</span>}
            to="/UserInfo/BindUserInfo"
            testId="userinfo-change-email"
          />
        ) : (
          <ListRow
            icon="mail"
            label={t('userInfo.email')}
            value={<span className="text-accent">{t('userInfo.bindEmail')}</span>}
            to="/UserInfo/BindUserInfo"
            testId="userinfo-bind-email"
          />
        )}
      </ListGroup>
      <ListGroup>
        <ListRow icon="vip" label={t('userInfo.vipLevel')} value={`VIP ${player?.vipLevel ?? 0}`} />
        <ListRow icon="globe" label={t('userInfo.lastIp')} value={<span dir="ltr">{player?.ip ?? '—'}</span>} testId="userinfo-last-ip" />
        <ListRow icon="record" label={t('userInfo.joined')} value={joined} />
      </ListGroup>
    </Screen>
  );
}
