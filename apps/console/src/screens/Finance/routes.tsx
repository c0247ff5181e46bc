import { useTranslate } from '@refinedev/core';
import { Result } from 'antd';
import { Navigate, Route, Routes } from 'react-router';
import Approvals from './Approvals.tsx';
import HeldWins from './HeldWins.tsx';
import Payments from './Payments.tsx';
import Withdrawals from './Withdrawals.tsx';

/** The Finance pages, under their own path; the console loads them when first opened. */
export default function FinanceRoutes() {
  const t = useTranslate();
  return (
    <Routes>
      <Route index element={<Navigate to="withdrawals" replace />} />
      <Route path="withdrawals" element={<Withdrawals />} />
      <Route path="payments" element={<Payments />} />
      <Route path="held-wins" element={<HeldWins />} />
      <Route path="approvals" element={<Approvals />} />
      <Route path="*" element={<Result status="404" subTitle={t('common.notFound')} />} />
    </Routes>
  );
}
