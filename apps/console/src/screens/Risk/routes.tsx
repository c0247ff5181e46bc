import { useTranslate } from '@refinedev/core';
import { Result } from 'antd';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PageState } from '../../components/PageState.tsx';
import BigWinners from './BigWinners.tsx';
import LinkedAccounts from './LinkedAccounts.tsx';
import ReferralReviews from './ReferralReviews.tsx';
import Sanctions from './Sanctions.tsx';

const ExclusionLinks = lazy(() => import('../Protection/ExclusionLinks.tsx'));

/** The Risk pages, under their own path; the console loads them when first opened. */
export default function RiskRoutes() {
  const t = useTranslate();
  return (
    <Routes>
      <Route index element={<Navigate to="linked" replace />} />
      <Route path="linked" element={<LinkedAccounts />} />
      <Route
        path="exclusion-links"
        element={
          <Suspense fallback={<PageState loading />}>
            <ExclusionLinks />
          </Suspense>
        }
      />
      <Route path="big-winners" element={<BigWinners />} />
      <Route path="referrals" element={<ReferralReviews />} />
      <Route path="sanctions" element={<Sanctions />} />
      <Route path="*" element={<Result status="404" subTitle={t('common.notFound')} />} />
    </Routes>
  );
}
