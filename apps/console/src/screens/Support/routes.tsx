import { useTranslate } from '@refinedev/core';
import { Result } from 'antd';
import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';

const Chats = lazy(() => import('./Chats.tsx'));
const Mail = lazy(() => import('./Mail.tsx'));
const Bulletins = lazy(() => import('./Bulletins.tsx'));

/** The Support pages, under their own path: the live chat inbox, site mail and bulletins. */
export default function SupportRoutes() {
  const t = useTranslate();
  return (
    <Routes>
      <Route index element={<Navigate to="chats" replace />} />
      <Route path="chats" element={<Chats />} />
      <Route path="mail" element={<Mail />} />
      <Route path="bulletins" element={<Bulletins />} />
      <Route path="*" element={<Result status="404" subTitle={t('common.notFound')} />} />
    </Routes>
  );
}
