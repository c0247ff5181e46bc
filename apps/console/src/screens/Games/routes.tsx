import { useTranslate } from '@refinedev/core';
import { Result } from 'antd';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PageState } from '../../components/PageState.tsx';

const Catalogue = lazy(() => import('./Catalogue.tsx'));
const HashGames = lazy(() => import('./HashGames.tsx'));

/** The Games pages, under their own path; the console loads them when first opened. */
export default function GamesRoutes() {
  const t = useTranslate();
  return (
    <Suspense fallback={<PageState loading />}>
      <Routes>
        <Route index element={<Navigate to="catalogue" replace />} />
        <Route path="catalogue" element={<Catalogue />} />
        <Route path="hash" element={<HashGames />} />
        <Route path="*" element={<Result status="404" subTitle={t('common.notFound')} />} />
      </Routes>
    </Suspense>
  );
}
