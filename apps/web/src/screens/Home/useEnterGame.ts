import { EXPERIENCE_USE_LIMIT_USDT, ExperienceType, SpecialInviteType, type Game } from '@lobby/contract';
import { useIonRouter } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { experienceMessage } from '../../api/catalogue';
import { isHashGame, isSelfDeveloped } from '../../lib/games';
import { LOGIN_PATH } from '../../lib/navigation';
import { readBalances } from '../../state/queries/balances';
import { refreshExperience, refreshSpecialType } from '../../state/queries/playerMark';
import { useSession } from '../../state/session';
import { useSettings } from '../../state/settings';
import { showConfirm, showToast } from '../../state/ui';
import { storeThirdGame } from '../Webview/thirdGame';

export const hashGamePath = (gameId: number, nav: 'pageBet' | 'transferBet' = 'pageBet') =>
  `/hashGame?gameId=${gameId}&nav=${nav}`;

/**
 * Opening a game from a tile. Hash games open their betting page (visitors only where allowed).
 * Other games need a signed-in player past the experience-gold limit; a special-invite account is
 * warned first that playing them loses its status (SPEC sections 5 and 6).
 */
export function useEnterGame() {
  const router = useIonRouter();
  const { t } = useTranslation();
  const client = useQueryClient();

  return async (game: Game) => {
    const { token, player } = useSession.getState();
    if (isHashGame(game)) {
      if (game.requiresLogin && !token) {
        router.push(LOGIN_PATH);
        return;
      }
      router.push(hashGamePath(game.id));
      return;
    }
    if (isSelfDeveloped(game)) {
      // In-house games skip the login and experience checks; the server still decides who may play.
      storeThirdGame(game);
      router.push('/webview');
      return;
    }
    if (!token) {
      router.push(LOGIN_PATH);
      return;
    }
    const language = useSettings.getState().language;
    const { info, hasUnsettledOrders } = await refreshExperience();
    const restricted =
      (info ? info.accountType === ExperienceType.EXPERIENCE && !info.isSettlement : false) ||
      (!info && player?.experienceType === ExperienceType.EXPERIENCE);
    if (restricted) {
      if (hasUnsettledOrders) {
        showToast(await experienceMessage('unsettledOrders', language));
        return;
      }
      if (Number(readBalances(client)?.usdt ?? 0) >= EXPERIENCE_USE_LIMIT_USDT) {
        showToast(await experienceMessage('goldNotUsedUp', language));
        return;
      }
    }
    if ((await refreshSpecialType()) === SpecialInviteType.SPECIAL) {
      const proceed = await showConfirm({
        title: t('game.specialTitle'),
        message: t('game.specialWarning'),
        confirm: t('common.continue'),
        cancel: t('common.cancel'),
        testId: 'special-invite-confirm',
      });
      if (!proceed) return;
    }
    storeThirdGame(game);
    router.push('/webview');
  };
}
