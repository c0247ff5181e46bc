import { ErrorCode } from '@lobby/contract';
import { useIonRouter } from '@ionic/react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { showConfirm, useUi } from '../state/ui';

export const DEPOSIT_PATH = '/trade/Recharge';
const POPUP_TEST_ID = 'insufficient-funds';

/** The server's refusal for funds (21002). */
export function isInsufficientFunds(error: unknown): boolean {
  return error instanceof ApiError && error.code === ErrorCode.INSUFFICIENT_BALANCE;
}

/**
 * The way out of a refusal for funds, the same on every screen: the two-button popup of the shared UI
 * saying what is short, whose confirm button opens the deposit screen. Screens call it for the
 * server's 21002 and for their own balance check alike.
 */
export function useOfferDeposit(): (currency: string) => Promise<void> {
  const router = useIonRouter();
  const { t } = useTranslation();
  return useCallback(
    async (currency: string) => {
      // A second tap while the offer is open would stack a second popup under the first.
      if (useUi.getState().popups.some((popup) => popup.testId === POPUP_TEST_ID)) return;
      const deposit = await showConfirm({
        title: t('funds.title'),
        message: t('funds.text', { currency }),
        confirm: t('game.rechargeNow'),
        cancel: t('common.cancel'),
        testId: POPUP_TEST_ID,
      });
      if (deposit) router.push(DEPOSIT_PATH);
    },
    [router, t],
  );
}
