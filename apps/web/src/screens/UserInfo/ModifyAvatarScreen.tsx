import { useIonRouter } from '@ionic/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar, AVATAR_IDS } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { Screen } from '../../components/Screen';
import { usePlayer, useUpdateProfile } from '../../state/queries/player';
import { toastSuccess } from '../../state/ui';
import './userInfo.css';
import { Pressable } from '../../components/Pressable';

export default function ModifyAvatarScreen() {
  const { t } = useTranslation();
  const router = useIonRouter();
  const { data: player } = usePlayer();
  const [chosen, setChosen] = useState<string | null>(null);
  const update = useUpdateProfile();
  const selected = chosen ?? player?.avatar ?? '01';

  const save = () => {
    update.mutate(
      { avatar: selected },
      {
        onSuccess: () => {
          toastSuccess(t('userInfo.avatarSaved'));
          if (router.canGoBack()) router.goBack();
          else router.push('/UserInfo', 'back', 'replace');
        },
      },
    );
  };

  return (
    <Screen title={t('userInfo.changeAvatar')} testId="modify-avatar" backHref="/UserInfo">
      <div className="avatar-preview">
        <Avatar id={selected} size="1.9rem" />
      </div>
      <div className="avatar-grid" role="radiogroup" aria-label={t('userInfo.changeAvatar')}>
        {AVATAR_IDS.map((id) => (
          <Pressable
            key={id}
            type="button"
            role="radio"
            aria-checked={id === selected}
            className={['avatar-grid__item', id === selected ? 'is-selected' : ''].filter(Boolean).join(' ')}
            onClick={() => setChosen(id)}
            data-testid={`avatar-option-${id}`}
          >
            <Avatar id={id} size="100%" />
            {id === selected && (
              <span className="avatar-grid__check">
                <Icon name="check" strokeWidth={3} />
              </span>
            )}
          </Pressable>
        ))}
      </div>
      <div className="screen-actions">
        <Button block onClick={save} busy={update.isPending} disabled={selected === player?.avatar} data-testid="avatar-save">
          {t('common.save')}
        </Button>
      </div>
    </Screen>
  );
}
