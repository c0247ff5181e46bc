import { useTranslate } from '@refinedev/core';
import { Result } from 'antd';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PageState } from '../../components/PageState.tsx';
import AddressWait from './AddressWait.tsx';
import ApiKeys from './ApiKeys.tsx';
import AuditLog from './AuditLog.tsx';
import BlockedCountries from './BlockedCountries.tsx';
import CustomerService from './CustomerService.tsx';
import SiteSettings from './SiteSettings.tsx';
import Staff from './Staff.tsx';

const ProtectionSettings = lazy(() => import('../Protection/ProtectionSettings.tsx'));

/** The Settings pages, under their own path; the console loads them when first opened. */
export default function SettingsRoutes() {
  const t = useTranslate();
  return (
    <Routes>
      <Route index element={<Navigate to="staff" replace />} />
      <Route
        path="site"
        element={
          <>
            <SiteSettings />
            <CustomerService />
            <BlockedCountries />
            <AddressWait />
          </>
        }
      />
      <Route
        path="protection"
        element={
          <Suspense fallback={<PageState loading />}>
            <ProtectionSettings />
          </Suspense>
        }
      />
      <Route path="staff" element={<Staff />} />
      <Route path="keys" element={<ApiKeys />} />
      <Route path="audit" element={<AuditLog />} />
      <Route path="*" element={<Result status="404" subTitle={t('common.notFound')} />} />
    </Routes>
  );
}
