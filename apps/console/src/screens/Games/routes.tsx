import { useTranslate } from '@refinedev/core';
import { Result } from 'antd';
import { Route, Routes } from 'react-router';

/** The Games pages, under their own path; the console loads them when first opened. */
export default function GamesRoutes() {
  const t = useTranslate();
  return (
    <Routes>
      <Route path="*" element={<Result status="404" subTitle={t('common.notFound')} />} />
    </Routes>
  );
}
