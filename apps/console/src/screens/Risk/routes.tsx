import { useTranslate } from '@refinedev/core';
import { Result } from 'antd';
import { Navigate, Route, Routes } from 'react-router';
import BigWinners from './BigWinners.tsx';
import LinkedAccounts from './LinkedAccounts.tsx';
import ReferralReviews from './ReferralReviews.tsx';

/** The Risk pages, under their own path; the console loads them when first opened. */
export default function RiskRoutes() {
  const t = useTranslate();
  return (
    <Routes>
      <Route index element={<Navigate to="linked" replace />} />
      <Route path="linked" element={<LinkedAccounts />} />
      <Route path="big-winners" element={<BigWinners />} />
      <Route path="referrals" element={<ReferralReviews />} />
      <Route path="*" element={<Result status="404" subTitle={t('common.notFound')} />} />
    </Routes>
  );
}
