import { useCallback } from 'react';
import { i18n, loadNamespace } from '../../i18n';
import { navigateTo } from '../../lib/navigation';
import { useVipLevelUps, type VipLevelUp } from '../../state/queries/vip';
import { showConfirm } from '../../state/ui';
import { VIP_NS } from './useVipT';

/** Tells the player of a level-up the moment the server pushes it, wherever they are in the app. */
export async function announceLevelUp({ vipLevel }: VipLevelUp): Promise<void> {
  await loadNamespace(VIP_NS);
  const t = i18n.getFixedT(null, VIP_NS);
  const open = await showConfirm({
    title: t('levelUp.title', { level: vipLevel }),
    message: t('levelUp.text'),
    confirm: t('levelUp.open'),
    cancel: t('levelUp.later'),
    testId: 'vip-level-up',
    notice: true,
  });
  if (open) navigateTo('/vip');
}

/** Mounted once for the signed-in app: follows level-up pushes and announces each. */
export function LevelUpNotice() {
  const onLevelUp = useCallback((levelUp: VipLevelUp) => void announceLevelUp(levelUp), []);
  useVipLevelUps(onLevelUp);
  return null;
}
