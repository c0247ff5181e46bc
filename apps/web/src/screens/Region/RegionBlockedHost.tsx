import { lazy, Suspense, useEffect } from 'react';
import { useRoute } from '../../state/busy';
import { useRegionQuery } from '../../state/queries/region';
import { useRegion } from '../../state/region';

const RegionBlockedScreen = lazy(() => import('./RegionBlockedScreen'));

/**
 * Where a player from a blocked region may still go: withdrawing what they hold (with the fund
 * password, addresses and two-factor it needs), their records, support and the language.
 */
const OPEN_PATHS = [
  '/trade/Withdraw',
  '/trade/TradeHis',
  '/safeCenter',
  '/WithdrawAccountMgr',
  '/AddWithdrawAccount',
  '/detail/service',
  '/detail/setLang',
  '/chat',
  '/betRecord',
  '/bonusRecord',
  '/siteMessage',
];

export const isOpenInBlockedRegion = (pathname: string) => OPEN_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));

/** Over the whole app: asks the region at start, and shows the region screen while it is blocked. */
export function RegionBlockedHost() {
  const { data } = useRegionQuery();
  useEffect(() => {
    if (data) useRegion.getState().set(data);
  }, [data]);
  const blocked = useRegion((s) => s.blocked);
  const pathname = useRoute((s) => s.pathname);
  if (!blocked || isOpenInBlockedRegion(pathname)) return null;
  return (
    <Suspense fallback={null}>
      <RegionBlockedScreen />
    </Suspense>
  );
}
