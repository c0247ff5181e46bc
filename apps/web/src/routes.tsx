import { IonRouterOutlet } from '@ionic/react';
import { lazy, type ComponentType, type ReactNode } from 'react';
import { Navigate, Route, useLocation } from 'react-router-dom';
import { Page, RequireAuth } from './components/Page';
import type { InfoKind } from './screens/Info/InfoScreen';
import { HomeScreen } from './screens/Home/HomeScreen';
import { isTabPath, TabBar } from './screens/Tabs/TabsLayout';

const MenuScreen = lazy(() => import('./screens/Menu/MenuScreen'));
const ActivityScreen = lazy(() => import('./screens/Activity/ActivityScreen'));
const UserProfileScreen = lazy(() => import('./screens/UserProfile/UserProfileScreen'));
const WalletScreen = lazy(() => import('./screens/Wallet/WalletScreen'));
const NotFoundScreen = lazy(() => import('./screens/Info/NotFoundScreen'));
const InfoScreen = lazy(() => import('./screens/Info/InfoScreen'));
const AuthScreen = lazy(() => import('./screens/Auth/AuthScreen'));
const RetrieveScreen = lazy(() => import('./screens/Auth/RetrieveScreen'));
const UserInfoScreen = lazy(() => import('./screens/UserInfo/UserInfoScreen'));
const ModifyAvatarScreen = lazy(() => import('./screens/UserInfo/ModifyAvatarScreen'));
const BindUserInfoScreen = lazy(() => import('./screens/UserInfo/BindUserInfoScreen'));
const SetLangScreen = lazy(() => import('./screens/Settings/SetLangScreen'));
const ServiceScreen = lazy(() => import('./screens/Service/ServiceScreen'));
const RulesScreen = lazy(() => import('./screens/Rules/RulesScreen'));
const SafeCenterScreen = lazy(() => import('./screens/SafeCenter/SafeCenterScreen'));
const ModLoginPwdScreen = lazy(() => import('./screens/SafeCenter/ModLoginPwdScreen'));
const SetFundPwdScreen = lazy(() => import('./screens/SafeCenter/SetFundPwdScreen'));
const WdAddrManageScreen = lazy(() => import('./screens/SafeCenter/WdAddrManageScreen'));
const AddCryptoAddrScreen = lazy(() => import('./screens/SafeCenter/AddCryptoAddrScreen'));
const RechargeScreen = lazy(() => import('./screens/Trade/RechargeScreen'));
const WithdrawScreen = lazy(() => import('./screens/Trade/WithdrawScreen'));
const ExchangeScreen = lazy(() => import('./screens/Trade/ExchangeScreen'));
const TradeHisScreen = lazy(() => import('./screens/Trade/TradeHisScreen'));
const WithdrawAccountMgrScreen = lazy(() => import('./screens/WithdrawAccount/WithdrawAccountMgrScreen'));
const AddWithdrawAccountScreen = lazy(() => import('./screens/WithdrawAccount/AddWithdrawAccountScreen'));
const WebviewScreen = lazy(() => import('./screens/Webview/WebviewScreen'));
const HashGameScreen = lazy(() => import('./screens/HashGame/HashGameScreen'));
const VerifierScreen = lazy(() => import('./screens/Verifier/VerifierScreen'));
const BetRecordScreen = lazy(() => import('./screens/BetRecord/BetRecordScreen'));
const BetDetailScreen = lazy(() => import('./screens/BetRecord/BetDetailScreen'));
const AutoBetScreen = lazy(() => import('./screens/AutoBet/AutoBetScreen'));
const VipScreen = lazy(() => import('./screens/Vip/VipScreen'));
const VipDetailsScreen = lazy(() => import('./screens/Vip/VipDetailsScreen'));
const RebateScreen = lazy(() => import('./screens/Rebate/RebateScreen'));
const RebateInfoScreen = lazy(() => import('./screens/Rebate/RebateInfoScreen'));
const BonusRecordScreen = lazy(() => import('./screens/BonusRecord/BonusRecordScreen'));
const SiteMessageScreen = lazy(() => import('./screens/SiteMessage/SiteMessageScreen'));
const SiteMessageDetailScreen = lazy(() => import('./screens/SiteMessage/SiteMessageDetailScreen'));
const HelpCenterScreen = lazy(() => import('./screens/Help/HelpCenterScreen'));
const HelpTopicScreen = lazy(() => import('./screens/Help/HelpTopicScreen'));
const BuyCryptoScreen = lazy(() => import('./screens/Help/BuyCryptoScreen'));
const AppDownloadScreen = lazy(() => import('./screens/Help/AppDownloadScreen'));
const PromotionScreen = lazy(() => import('./screens/Promotion/PromotionScreen'));
const ProxyPartnerScreen = lazy(() => import('./screens/Promotion/ProxyPartnerScreen'));
const PerformanceScreen = lazy(() => import('./screens/Promotion/PerformanceScreen'));
const ReportScreen = lazy(() => import('./screens/Report/ReportScreen'));
const ChatScreen = lazy(() => import('./screens/Chat/ChatScreen'));
const ActivityDetailScreen = lazy(() => import('./screens/Activity/ActivityDetailScreen'));
const ActivityBonusScreen = lazy(() => import('./screens/Activity/ActivityBonusScreen'));
const ResponsibleGamingScreen = lazy(() => import('./screens/ResponsibleGaming/ResponsibleGamingScreen'));
const TwoFactorScreen = lazy(() => import('./screens/Security/TwoFactorScreen'));
const LoginHistoryScreen = lazy(() => import('./screens/Security/LoginHistoryScreen'));

interface InfoRoute {
  path: string;
  kind: InfoKind;
  guard?: boolean;
  backHref?: string;
}

/** Screens whose features arrive later: each shows its real empty state under its own title. */
const INFO_ROUTES: InfoRoute[] = [];

interface ScreenRoute {
  path: string;
  Component: ComponentType;
  guard?: boolean;
}

const SCREEN_ROUTES: ScreenRoute[] = [
  { path: '/register', Component: AuthScreen },
  { path: '/retrieveMode', Component: RetrieveScreen },
  { path: '/detail/service', Component: ServiceScreen },
  { path: '/detail/setLang', Component: SetLangScreen },
  { path: '/UserInfo', Component: UserInfoScreen, guard: true },
  { path: '/UserInfo/ModifyAvatar', Component: ModifyAvatarScreen, guard: true },
  { path: '/UserInfo/BindUserInfo', Component: BindUserInfoScreen, guard: true },
  { path: '/userProfile/ExperienceRule', Component: () => <RulesScreen kind="experience" /> },
  { path: '/SpecialInviteRule', Component: () => <RulesScreen kind="specialInvite" /> },
  { path: '/safeCenter', Component: SafeCenterScreen, guard: true },
  { path: '/responsible-gaming', Component: ResponsibleGamingScreen, guard: true },
  { path: '/safeCenter/modLoginPwd', Component: ModLoginPwdScreen, guard: true },
  { path: '/safeCenter/setFundPwd', Component: SetFundPwdScreen, guard: true },
  { path: '/safeCenter/wdAddrManage', Component: WdAddrManageScreen, guard: true },
  { path: '/safeCenter/addCryptoAddr', Component: AddCryptoAddrScreen, guard: true },
  { path: '/safeCenter/twoFactor', Component: TwoFactorScreen, guard: true },
  { path: '/safeCenter/loginHistory', Component: LoginHistoryScreen, guard: true },
  { path: '/trade/Recharge', Component: RechargeScreen, guard: true },
  { path: '/trade/Withdraw', Component: WithdrawScreen, guard: true },
  { path: '/trade/Exchange', Component: ExchangeScreen, guard: true },
  { path: '/trade/TradeHis', Component: TradeHisScreen, guard: true },
  { path: '/WithdrawAccountMgr', Component: WithdrawAccountMgrScreen, guard: true },
  { path: '/AddWithdrawAccount', Component: AddWithdrawAccountScreen, guard: true },
  { path: '/hashGame', Component: HashGameScreen },
  { path: '/hashGame/verify', Component: VerifierScreen },
  { path: '/betRecord', Component: BetRecordScreen },
  { path: '/betRecord/betDetails', Component: BetDetailScreen },
  { path: '/webview', Component: WebviewScreen },
  { path: '/autoBet', Component: AutoBetScreen, guard: true },
  { path: '/vip', Component: VipScreen },
  { path: '/vip/vipDetails', Component: VipDetailsScreen },
  { path: '/newFanshui', Component: RebateScreen },
  { path: '/newFanshuiInfo', Component: RebateInfoScreen },
  { path: '/bonusRecord', Component: BonusRecordScreen },
  { path: '/siteMessage', Component: SiteMessageScreen },
  { path: '/siteMessage/:id', Component: SiteMessageDetailScreen },
  { path: '/helpCenter', Component: HelpCenterScreen },
  { path: '/tutorial', Component: () => <HelpTopicScreen topic="tutorial" backHref="/menu" /> },
  { path: '/graphicTutorial', Component: () => <HelpTopicScreen topic="graphic-tutorial" backHref="/tutorial" /> },
  { path: '/tronIntroduce', Component: () => <HelpTopicScreen topic="tron" /> },
  { path: '/walletRegister', Component: () => <HelpTopicScreen topic="wallet-register" backHref="/menu" /> },
  { path: '/buyCrypto', Component: BuyCryptoScreen },
  { path: '/appDownload', Component: AppDownloadScreen },
  { path: '/relAppDownload', Component: () => <AppDownloadScreen related /> },
  { path: '/promotion', Component: PromotionScreen },
  { path: '/proxyPartner', Component: ProxyPartnerScreen },
  { path: '/performance/details/:isTeam/:gameType/:currencyCode/:selectDay', Component: PerformanceScreen },
  { path: '/report', Component: ReportScreen },
  { path: '/chat', Component: ChatScreen, guard: true },
  { path: '/ActivityDetail', Component: ActivityDetailScreen },
  { path: '/activity/activityBonus', Component: ActivityBonusScreen },
];

const guarded = (guard: boolean | undefined, node: ReactNode) => (guard ? <RequireAuth>{node}</RequireAuth> : node);

/**
 * Every route of SPEC section 2, in one outlet, one history. The five tabs are routes like any other
 * screen, with the tab bar under them only. A second outlet for the tabs, nested under a catch-all
 * route, took every other path (/webview, say) for its own, answered it with a page of its own and
 * left a stale copy of the tabs behind, so that coming back to /home showed "Page not found"; and
 * Ionic's tabs file a screen opened from a tab under that tab, whose back then returned to it.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <>
      <IonRouterOutlet id="main-outlet" className={isTabPath(pathname) ? 'main-outlet--tabs' : undefined}>
        {SCREEN_ROUTES.map(({ path, Component, guard }) => (
          <Route key={path} path={path} element={<Page>{guarded(guard, <Component />)}</Page>} />
        ))}
        {INFO_ROUTES.map(({ path, kind, guard, backHref }) => (
          <Route key={path} path={path} element={<Page>{guarded(guard, <InfoScreen kind={kind} backHref={backHref} />)}</Page>} />
        ))}
        <Route path="/home" element={<HomeScreen />} />
        <Route
          path="/menu"
          element={
            <Page>
              <MenuScreen />
            </Page>
          }
        />
        <Route
          path="/activity"
          element={
            <Page>
              <ActivityScreen />
            </Page>
          }
        />
        <Route
          path="/userProfile"
          element={
            <Page>
              <RequireAuth>
                <UserProfileScreen />
              </RequireAuth>
            </Page>
          }
        />
        <Route
          path="/walletShow"
          element={
            <Page>
              <WalletScreen />
            </Page>
          }
        />
        {/* The recharge screen it lands on is guarded itself. */}
        <Route path="/trade" element={<Navigate to="/trade/Recharge" replace />} />
        <Route path="/" element={<Navigate to="/home" replace />} />
        <Route
          path="*"
          element={
            <Page>
              <NotFoundScreen />
            </Page>
          }
        />
      </IonRouterOutlet>
      <TabBar />
    </>
  );
}
