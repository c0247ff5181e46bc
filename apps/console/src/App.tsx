import { Authenticated, ErrorComponent, Refine } from '@refinedev/core';
import routerProvider, { CatchAllNavigate, DocumentTitleHandler, UnsavedChangesNotifier } from '@refinedev/react-router';
import { App as AntApp, ConfigProvider, Spin, theme } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { lazy, Suspense, useMemo, useState } from 'react';
import { BrowserRouter, Outlet, Route, Routes } from 'react-router';
import { createI18nProvider, initialLocale, type Locale } from './i18n/i18n.ts';
import { liveProvider } from './live/live.tsx';
import { accessControlProvider } from './providers/accessControl.ts';
import { auditLogProvider } from './providers/auditLogProvider.ts';
import { authProvider } from './providers/authProvider.ts';
import { dataProvider } from './providers/dataProvider.ts';
import { notificationProvider } from './providers/notificationProvider.ts';
import { RESOURCES } from './resources.tsx';
import { SignIn } from './screens/SignIn/SignIn.tsx';

// Each area of the console is its own chunk, loaded when first opened, and so is the signed-in frame
// (menu, bar, live feed, step-up): the sign-in page stays small.
const SignedInFrame = lazy(() => import('./components/SignedInFrame.tsx'));
const Dashboard = lazy(() => import('./screens/Dashboard/Dashboard.tsx'));
const Players = lazy(() => import('./screens/Players/routes.tsx'));
const Finance = lazy(() => import('./screens/Finance/routes.tsx'));
const Support = lazy(() => import('./screens/Support/routes.tsx'));
const Marketing = lazy(() => import('./screens/Marketing/routes.tsx'));
const Games = lazy(() => import('./screens/Games/routes.tsx'));
const Risk = lazy(() => import('./screens/Risk/routes.tsx'));
const Treasury = lazy(() => import('./screens/Treasury/routes.tsx'));
const Settings = lazy(() => import('./screens/Settings/routes.tsx'));
const Account = lazy(() => import('./screens/SignIn/Account.tsx'));
// The QR code's encoder is needed once per member, on the enrolment link's page.
const Enrol = lazy(() => import('./screens/SignIn/Enrol.tsx'));

const ANTD_LOCALES = { en: enUS, zh: zhCN } as const;
const FONT_FAMILY =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans SC', 'PingFang SC', 'Microsoft YaHei', sans-serif";

function Area({ children }: { children: React.ReactNode }) {
  return <Suspense fallback={<Spin style={{ display: 'block', margin: '48px auto' }} />}>{children}</Suspense>;
}

export function App() {
  const [locale, setLocale] = useState<Locale>(initialLocale);
  const i18nProvider = useMemo(() => createI18nProvider(locale, setLocale), [locale]);

  return (
    <BrowserRouter basename="/console">
      <ConfigProvider
        locale={ANTD_LOCALES[locale]}
        button={{ autoInsertSpace: false }}
        theme={{ algorithm: theme.defaultAlgorithm, token: { colorPrimary: '#1f6feb', fontFamily: FONT_FAMILY } }}
      >
        <AntApp>
          <Refine
            routerProvider={routerProvider}
            dataProvider={dataProvider}
            authProvider={authProvider}
            accessControlProvider={accessControlProvider}
            auditLogProvider={auditLogProvider}
            liveProvider={liveProvider}
            i18nProvider={i18nProvider}
            notificationProvider={notificationProvider}
            resources={RESOURCES}
            options={{
              syncWithLocation: false,
              warnWhenUnsavedChanges: true,
              disableTelemetry: true,
              liveMode: 'auto',
              reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } } },
            }}
          >
            <Routes>
              <Route path="/sign-in" element={<SignIn />} />
              <Route
                path="/enrol"
                element={
                  <Area>
                    <Enrol />
                  </Area>
                }
              />
              <Route
                element={
                  <Authenticated key="console" fallback={<CatchAllNavigate to="/sign-in" />}>
                    <Area>
                      <SignedInFrame>
                        <Outlet />
                      </SignedInFrame>
                    </Area>
                  </Authenticated>
                }
              >
                <Route
                  index
                  element={
                    <Area>
                      <Dashboard />
                    </Area>
                  }
                />
                <Route
                  path="/players/*"
                  element={
                    <Area>
                      <Players />
                    </Area>
                  }
                />
                <Route
                  path="/finance/*"
                  element={
                    <Area>
                      <Finance />
                    </Area>
                  }
                />
                <Route
                  path="/support/*"
                  element={
                    <Area>
                      <Support />
                    </Area>
                  }
                />
                <Route
                  path="/marketing/*"
                  element={
                    <Area>
                      <Marketing />
                    </Area>
                  }
                />
                <Route
                  path="/games/*"
                  element={
                    <Area>
                      <Games />
                    </Area>
                  }
                />
                <Route
                  path="/risk/*"
                  element={
                    <Area>
                      <Risk />
                    </Area>
                  }
                />
                <Route
                  path="/treasury/*"
                  element={
                    <Area>
                      <Treasury />
                    </Area>
                  }
                />
                <Route
                  path="/settings/*"
                  element={
                    <Area>
                      <Settings />
                    </Area>
                  }
                />
                <Route
                  path="/account"
                  element={
                    <Area>
                      <Account />
                    </Area>
                  }
                />
                <Route path="*" element={<ErrorComponent />} />
              </Route>
            </Routes>
            <UnsavedChangesNotifier />
            <DocumentTitleHandler handler={() => i18nProvider.translate('app.name')} />
          </Refine>
        </AntApp>
      </ConfigProvider>
    </BrowserRouter>
  );
}
