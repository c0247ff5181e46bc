import { useTranslate } from '@refinedev/core';
import { Result } from 'antd';
import { Route, Routes } from 'react-router';
import PlayerPage from './PlayerPage.tsx';
import PlayerSearch from './PlayerSearch.tsx';

/** The Players pages, under their own path; the console loads them when first opened. */
export default function PlayersRoutes() {
  const t = useTranslate();
  return (
    <Routes>
      <Route index element={<PlayerSearch />} />
      <Route path=":id" element={<PlayerPage />} />
      <Route path="*" element={<Result status="404" subTitle={t('common.notFound')} />} />
    </Routes>
  );
}
