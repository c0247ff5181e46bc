import { KeypointKind } from '@lobby/contract';
import { useEffect } from 'react';
import { api } from '../../api';
import { calls } from '../../api/calls';
import { CLIENT_VERSION, getPromotionChannel } from '../../config/app';

/** Key point 2: the sign-up page was opened. Silent, as analytics must never bother the player. */
export function useReportSignUpPageOpened(open: boolean): void {
  useEffect(() => {
    if (!open) return;
    api
      .call(
        calls.keypoint.upload,
        { kind: KeypointKind.REGISTER_PAGE, clientVersion: CLIENT_VERSION, promotionChannel: getPromotionChannel() },
        { silent: true },
      )
      .catch(() => undefined);
  }, [open]);
}
