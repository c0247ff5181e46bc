import { useTranslate } from '@refinedev/core';
import { Result } from 'antd';
import { Navigate, Route, Routes } from 'react-router';
import Reconciliation from './Reconciliation.tsx';
import Sweeps from './Sweeps.tsx';

/** The Treasury pages, under their own path; the console loads them when first opened. */
export default function TreasuryRoutes() {
  const t = useTranslate();
  return (
    <Routes>
      <Route index element={<Navigate to="reconciliation" replace />} />
      <Route path="reconciliation" element={<Reconciliation />} />
      <Route path="sweeps" element={<Sweeps />} />
      <Route path="*" element={<Result status="404" subTitle={t('common.notFound')} />} />
    </Routes>
  );
}
