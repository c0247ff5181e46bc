import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import type { IconName } from '../../components/Icon';
import { Screen } from '../../components/Screen';
import { SignInPrompt } from '../../components/SignInPrompt';
import { useSession } from '../../state/session';

type EmptyKind = 'records' | 'messages' | 'content' | 'addresses' | 'accounts';

const KINDS = {
  tradeHistory: { icon: 'record', empty: 'records' },
  recharge: { icon: 'recharge', empty: 'content' },
  withdraw: { icon: 'withdraw', empty: 'content' },
  exchange: { icon: 'exchange', empty: 'content' },
  setFundPwd: { icon: 'lock', empty: 'content' },
  wdAddrManage: { icon: 'wallet', empty: 'addresses' },
  addCryptoAddr: { icon: 'plus', empty: 'content' },
  siteMessage: { icon: 'mail', empty: 'messages' },
  betRecord: { icon: 'record', empty: 'records' },
  betDetails: { icon: 'record', empty: 'records' },
  withdrawAccounts: { icon: 'card', empty: 'accounts' },
  addWithdrawAccount: { icon: 'card', empty: 'content' },
  chat: { icon: 'chat', empty: 'messages' },
} satisfies Record<string, { icon: IconName; empty: EmptyKind }>;

export type InfoKind = keyof typeof KINDS;

/** Screens of the player's own records: a visitor is asked to log in, as on the bet records. */
const PLAYER_RECORDS: ReadonlySet<InfoKind> = new Set(['siteMessage']);

/** A screen whose feature is not in this build yet: its title and its honest empty state. */
export default function InfoScreen({ kind, backHref }: { kind: InfoKind; backHref?: string }) {
  const { t } = useTranslation();
  const token = useSession((s) => s.token);
  const { icon, empty } = KINDS[kind];
  return (
    <Screen title={t(`screens.${kind}`)} testId={kind} backHref={backHref}>
      {!token && PLAYER_RECORDS.has(kind) ? (
        <SignInPrompt icon={icon} title={t(`visitor.${kind}.title`)} text={t(`visitor.${kind}.text`)} loginLabel={t('auth.login')} testId={`${kind}-visitor`} />
      ) : (
        <EmptyState icon={icon} title={t(`empty.${empty}.title`)} text={t(`empty.${empty}.text`)} />
      )}
    </Screen>
  );
}
