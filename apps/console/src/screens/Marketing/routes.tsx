import { useTranslate } from '@refinedev/core';
import { Result } from 'antd';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PageState } from '../../components/PageState.tsx';

const Activities = lazy(() => import('./Activities.tsx'));
const Banners = lazy(() => import('./Banners.tsx'));
const Economy = lazy(() => import('./Economy.tsx'));

/** The Marketing pages, under their own path; the console loads them when first opened. */
export default function MarketingRoutes() {
  const t = useTranslate();
  return (
    <Suspense fallback={<PageState loading />}>
      <Routes>
        <Route index element={<Navigate to="activities" replace />} />
        <Route path="activities" element={<Activities />} />
        <Route path="banners" element={<Banners />} />
        <Route path="economy" element={<Economy />} />
        <Route path="*" element={<Result status="404" subTitle={t('common.notFound')} />} />
      </Routes>
    </Suspense>
  );
}
