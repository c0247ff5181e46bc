import { BetLevel, DEFAULT_HASH_ODDS, type Game } from '@lobby/contract';
import { useIonRouter } from '@ionic/react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { Segmented } from '../../components/Field';
import { Icon } from '../../components/Icon';
import { copyText } from '../../lib/clipboard';
import { formatAmount, formatOdds, shortAddress } from '../../lib/format';
import { gameName } from '../../lib/games';
import { useHashCards } from '../../state/home';
import { toastFailure, toastSuccess } from '../../state/ui';
import { hashGamePath } from './useEnterGame';
import { Pressable } from '../../components/Pressable';

interface HashCardProps {
  game: Game;
  language: string;
}

/** Home hash card: odds, the transfer-bet address of the chosen level with copy, and the bet button. */
export const HashCard = memo(function HashCard({ game, language }: HashCardProps) {
  const { t } = useTranslation();
  const router = useIonRouter();
  const level = useHashCards((s) => s.levels[game.id] ?? BetLevel.BEGINNER);
  const setLevel = useHashCards((s) => s.setLevel);
  const address = game.transferBetAddress[level]?.trim() ?? '';
  const limit = game.transferBetLimit[level];

  const copy = async () => {
    if (!address) return;
    if (await copyText(address)) toastSuccess(t('common.copied'));
    else toastFailure(t('common.copyFailed'));
  };

  return (
    <article className="hash-card" data-testid={`hash-card-${game.id}`}>
      <header className="hash-card__head">
        <span className="hash-card__icon">
          <Icon name="hash" strokeWidth={2.2} />
        </span>
        <h3 className="hash-card__title">{gameName(game, language)}</h3>
        <span className="hash-card__odds" data-testid={`hash-card-odds-${game.id}`}>
          <small>{t('hash.odds')}</small>
          {formatOdds(game.rewardRate, DEFAULT_HASH_ODDS)}
        </span>
      </header>
      <Segmented
        className="hash-card__levels"
        label={t('hash.level')}
        value={level}
        onValueChange={(value) => setLevel(game.id, value)}
        options={[
          { value: BetLevel.BEGINNER, label: t('hash.beginner'), testId: `hash-card-level-${game.id}-0` },
          { value: BetLevel.INTERMEDIATE, label: t('hash.intermediate'), testId: `hash-card-level-${game.id}-1` },
        ]}
      />
      <div className="hash-card__address">
        <div className="hash-card__address-text">
          <small>{t('hash.transferAddress')}</small>
          <span dir="ltr" data-testid={`hash-card-address-${game.id}`} title={address}>
            {address ? shortAddress(address, 8) : t('hash.noAddress')}
          </span>
        </div>
        <Pressable
          type="button"
          className="icon-button"
          onClick={copy}
          disabled={!address}
          aria-label={t('common.copy')}
          data-testid={`hash-card-copy-${game.id}`}
        >
          <Icon name="copy" />
        </Pressable>
      </div>
      <footer className="hash-card__foot">
        <span className="hash-card__limit">
          {limit ? (
            <>
              {t('hash.limit')}{' '}
              <b dir="ltr">
                {formatAmount(limit.min, 0)} – {formatAmount(limit.max, 0)} {limit.currency}
              </b>
            </>
          ) : null}
        </span>
        <Button size="sm" onClick={() => router.push(hashGamePath(game.id))} data-testid={`hash-card-bet-${game.id}`}>
          {t('hash.bet')}
        </Button>
      </footer>
    </article>
  );
});
