import { EXPERIENCE_USE_LIMIT_USDT, ErrorCode, ExperienceType, SpecialInviteType, type Game } from '@lobby/contract';
import { useIonRouter } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api';
import { DEPOSIT_PATH } from '../../components/DepositOffer';
import { catalogueMessage, experienceMessage } from '../../api/catalogue';
import { isHashGame, isSelfDeveloped } from '../../lib/games';
import { LOGIN_PATH } from '../../lib/navigation';
import { readBalances } from '../../state/queries/balances';
import { refreshExperience, refreshSpecialType } from '../../state/queries/playerMark';
import { useEnterThirdGame } from '../../state/queries/thirdGame';
import { useSession } from '../../state/session';
import { useSettings } from '../../state/settings';
import { showActivityPopup, showConfirm, showToast } from '../../state/ui';
import { storeThirdGame } from '../Webview/thirdGame';

export const hashGamePath = (gameId: number, nav: 'pageBet' | 'transferBet' = 'pageBet') => `/hashGame?gameId=${gameId}&nav=${nav}`;

export const SPECIAL_INVITE_RULE_PATH = '/SpecialInviteRule';
export const EXPERIENCE_RULE_PATH = '/userProfile/ExperienceRule';

/**
 * Opening a game from a tile. Hash games open their betting page (visitors only where the public map
 * allows). Other games need a signed-in player (their sessions are the player's); unless they are
 * in-house, the experience-gold limits apply and a special-invite account confirms first that it
 * becomes a normal one (SPEC sections 5 and 6). The server then opens the session: its launch
 * address is stored with the game and /webview shows it. A refusal stays on the lobby: 30007 offers
 * the first deposit, any other code shows its text.
 */
export function useEnterGame() {
  const router = useIonRouter();
  const { t } = useTranslation();
  const client = useQueryClient();
  const enter = useEnterThirdGame();
  // A second tap while the first is still being checked or entered would open two sessions.
  const busy = useRef(false);

  /** The SPEC section 5 checks of an experience account; false when one of them stops the player. */
  const passesExperienceLimit = async (): Promise<boolean> => {
    const language = useSettings.getState().language;
    const { info, hasUnsettledOrders } = await refreshExperience();
    const restricted = info
      ? info.accountType === ExperienceType.EXPERIENCE && !info.isSettlement
      : useSession.getState().player?.experienceType === ExperienceType.EXPERIENCE;
    if (!restricted) return true;
    const reason = hasUnsettledOrders ? 'unsettledOrders' : Number(readBalances(client)?.usdt ?? 0) >= EXPERIENCE_USE_LIMIT_USDT ? 'goldNotUsedUp' : null;
    if (!reason) return true;
    const choice = await showActivityPopup({
      message: await experienceMessage(reason, language),
      button: t('common.gotIt'),
      link: { text: t('rules.experience.title'), testId: 'experience-rules-link' },
      testId: 'experience-limit-popup',
    });
    if (choice === 'link') router.push(EXPERIENCE_RULE_PATH);
    return false;
  };

  /** A special-invite account (type 1) continues only once it has agreed to become a normal account. */
  const confirmsSpecialInvite = async (): Promise<boolean> => {
    if ((await refreshSpecialType()) !== SpecialInviteType.SPECIAL) return true;
    const choice = await showConfirm({
      title: t('game.specialTitle'),
      message: t('game.specialConfirm'),
      confirm: t('common.continue'),
      cancel: t('common.cancel'),
      link: { text: t('rules.special.title'), testId: 'special-invite-rules-link' },
      testId: 'special-invite-confirm',
    });
    if (choice === 'link') router.push(SPECIAL_INVITE_RULE_PATH);
    return choice === true;
  };

  const refused = async (error: unknown) => {
    if (!(error instanceof ApiError) || error.handled || error.code === undefined) return;
    const language = useSettings.getState().language;
    const text = await catalogueMessage(error.code, language, error.message);
    if (error.code === ErrorCode.FIRST_RECHARGE_REQUIRED) {
      const recharge = await showConfirm({
        title: t('game.rechargeTitle'),
        message: text,
        confirm: t('game.rechargeNow'),
        cancel: t('common.cancel'),
        testId: 'first-recharge-popup',
      });
      if (recharge === true) router.push(DEPOSIT_PATH);
      return;
    }
    showToast(text, 'failure');
  };

  return async (game: Game) => {
    const { token } = useSession.getState();
    if (isHashGame(game)) {
      if (game.requiresLogin && !token) {
        router.push(LOGIN_PATH);
        return;
      }
      router.push(hashGamePath(game.id));
      return;
    }
    // A provider's session belongs to a player: visitors sign in first, whatever the public map says.
    if (!token) {
      router.push(LOGIN_PATH);
      return;
    }
    if (busy.current) return;
    busy.current = true;
    try {
      if (!isSelfDeveloped(game)) {
        if (!(await passesExperienceLimit())) return;
        if (!(await confirmsSpecialInvite())) return;
      }
      const { url } = await enter(game, useSettings.getState().language);
      // Entering made a special-invite account a normal one for good (ECONOMY.md).
      if (useSession.getState().specialType === SpecialInviteType.SPECIAL) useSession.setState({ specialType: SpecialInviteType.WAS_SPECIAL });
      storeThirdGame({ game, url });
      router.push('/webview');
    } catch (error) {
      await refused(error);
    } finally {
      busy.current = false;
    }
  };
}
