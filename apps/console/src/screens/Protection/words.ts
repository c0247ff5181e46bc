import { useTranslate } from '@refinedev/core';
import { dateTime, money } from '../../components/format.ts';

export interface HistoryEntry {
  action: string;
  detail: Record<string, unknown>;
  actor: string;
}

/** The words of a protection record: its action's name, who did it, and its detail in one line. */
export function useProtectionWords() {
  const t = useTranslate();
  const kind = (value: unknown) => t(`protection.kind.${String(value)}`);
  const period = (value: unknown) => t(`protection.period.${String(value)}`).toLowerCase();
  const interval = (minutes: unknown) => (Number(minutes) > 0 ? t('protection.minutes', { minutes: Number(minutes) }) : t('protection.off'));
  const actionName = (action: string) => t(`protection.action.${action}`, action);
  const actor = (value: string) => (value.startsWith('staff:') ? value.slice('staff:'.length) : t(`protection.actor.${value}`, value));
  const until = (value: unknown) => (value ? dateTime(String(value)) : t('protection.indefinitely'));

  const summary = ({ action, detail: d }: HistoryEntry): string => {
    const limit = { kind: kind(d.kind), period: period(d.period), amount: money(d.amount as string), before: money(d.before as string) };
    switch (action) {
      case 'limit_set':
        return t('protection.detail.limit', limit);
      case 'limit_lowered':
      case 'limit_raise_asked':
      case 'limit_raised':
        return d.before === null || d.before === undefined ? t('protection.detail.limit', limit) : t('protection.detail.changed', limit);
      case 'limit_removal_asked':
        return t('protection.detail.removal', limit);
      case 'limit_removed':
        return t('protection.detail.removed', limit);
      case 'limit_change_withdrawn':
        return t('protection.detail.withdrawn', limit);
      case 'reality_check_set':
        return t('protection.detail.realityCheck', { interval: interval(d.minutes) });
      case 'time_out_taken':
        return t('protection.detail.timeOut', { days: d.days ?? '—', until: until(d.until) });
      case 'self_excluded':
        if (!d.until) return t('protection.detail.selfExcludedIndefinite');
        return t('protection.detail.selfExcluded', {
          period: t(`protection.exclusionPeriod.${String(d.period)}`, String(d.period ?? '')),
          until: until(d.until),
        });
      case 'return_asked':
        return '';
      case 'deposit_held':
        return t('protection.detail.depositHeld', { id: d.depositId, amount: money(d.held as string), currency: d.currency });
      case 'held_released':
        return t('protection.detail.released', { amount: money(d.amount as string), currency: d.currency });
      case 'held_returned':
        return t('protection.detail.returned', {
          amount: money(d.amount as string),
          currency: d.currency,
          count: Array.isArray(d.deposits) ? d.deposits.length : 0,
        });
      case 'held_return_failed':
        return t('protection.detail.returnFailed', { amount: money(d.amount as string), currency: d.currency, id: d.depositId });
      case 'transfer_bet_refunded':
        return t('protection.detail.refunded', {
          txId: `${String(d.txId ?? '').slice(0, 10)}…`,
          amount: money(d.amount as string),
          currency: d.currency,
          code: d.code,
        });
      case 'link_decided':
        return t('protection.detail.linkDecided', {
          decision: t(`protection.queue.decision.${String(d.decision)}`),
          link: t(`protection.linkWord.${String(d.link)}`),
          id: d.excludedPlayerId,
          reason: d.reason ?? '',
        });
      default:
        return Object.keys(d).length ? JSON.stringify(d) : '';
    }
  };

  return { kind, period, interval, actionName, actor, summary };
}
