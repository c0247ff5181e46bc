import { ErrorCode, LIMIT_KINDS, LIMIT_PERIODS } from '@lobby/contract';
import { parseMicro } from '@lobby/contract/micro';
import { i18n, loadNamespace } from '../../i18n';
import { formatMicroExact } from '../../lib/format';
import { navigateTo } from '../../lib/navigation';
import { useSettings } from '../../state/settings';
import { showActivityPopup, useUi } from '../../state/ui';
import { formatMoment, limitNameKey, PROTECTION_NS, RESPONSIBLE_GAMING_PATH } from './useProtectionT';

const POPUP_TEST_ID = 'protection-refusal';

const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});
const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/** The popup's title and sentence for a refusal, in the player's language, with its reset or end time. */
export async function refusalText(code: number, data: unknown, language = useSettings.getState().language): Promise<{ title: string; message: string }> {
  await loadNamespace(PROTECTION_NS, language);
  const t = i18n.getFixedT(language, PROTECTION_NS);
  const fields = record(data);
  if (code === ErrorCode.LIMIT_REACHED) {
    const kind = LIMIT_KINDS.find((k) => k === fields.kind) ?? 'loss';
    const period = LIMIT_PERIODS.find((p) => p === fields.period) ?? 'day';
    const amount = parseMicro(fields.amount);
    const resetsAt = text(fields.resetsAt);
    const message = t('refusal.limit', {
      limit: t(limitNameKey(kind, period)),
      amount: amount === undefined ? '' : `\u2066${formatMicroExact(amount)} USDT\u2069`,
      at: resetsAt ? formatMoment(resetsAt, language) : '',
    });
    return { title: t('refusal.limitTitle'), message };
  }
  const until = text(fields.until);
  const running =
    fields.kind === 'self_exclusion'
      ? until
        ? t('refusal.exclusion', { until: formatMoment(until, language) })
        : t('refusal.exclusionIndefinite')
      : t('refusal.timeOut', { until: until ? formatMoment(until, language) : '' });
  return { title: t('refusal.pausedTitle'), message: `${running}\n${t('refusal.allowed')}` };
}

/**
 * A bet, an entry or a claim refused by a limit (10061) or a pause (10062), wherever it was made: what
 * stopped it and until when, with the way to the responsible-gaming page.
 */
export async function showProtectionRefusal(code: number, data: unknown): Promise<void> {
  // The same refusal of several calls at once (a burst of auto-bet rounds) is told once.
  if (useUi.getState().popups.some((popup) => popup.testId === POPUP_TEST_ID)) return;
  const { title, message } = await refusalText(code, data);
  const t = i18n.getFixedT(useSettings.getState().language, PROTECTION_NS);
  const choice = await showActivityPopup({
    title,
    message,
    button: t('refusal.ok'),
    link: { text: t('refusal.open'), testId: 'protection-refusal-open' },
    testId: POPUP_TEST_ID,
  });
  if (choice === 'link') navigateTo(RESPONSIBLE_GAMING_PATH);
}
