import { BonusType, parseMicro } from '@lobby/contract';
import type { ReactNode } from 'react';
import type { ActivityConf } from '../../state/queries/activity';
import { Money } from '../Vip/parts';
import { moneyInline, useActivityT } from './parts';

type Rules = Record<string, unknown>;

/** An operator's decimal amount, exact; null when the rules hold something else. */
const micro = (value: unknown): bigint | null => (typeof value === 'string' || typeof value === 'number' ? (parseMicro(String(value)) ?? null) : null);
const count = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null);
const list = (value: unknown): Rules[] => (Array.isArray(value) ? value.filter((v): v is Rules => typeof v === 'object' && v !== null) : []);

function Table({ head, rows, testId }: { head: [string, string]; rows: [ReactNode, ReactNode][]; testId: string }) {
  return (
    <div className="vip-table-wrap">
      <table className="vip-table" data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">{head[0]}</th>
            <th scope="col">{head[1]}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, value], i) => (
            <tr key={i}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The numbers of an activity's rules, as the operator set them (configSync's `rules`), in the
 * player's language: the streak's rewards, the tiers, the tasks, the percentages and caps. Rules of a
 * shape this build does not know show nothing rather than something wrong.
 */
export function RulesFigures({ conf, currency }: { conf: ActivityConf; currency: string }) {
  const { t } = useActivityT();
  const rules = conf.rules;
  const amount = (value: unknown) => moneyInline(micro(value) ?? 0n, currency);
  const money = (value: unknown) => <Money amount={micro(value) ?? 0n} currency={currency} />;
  const line = (text: string, testId?: string) => (
    <p className="vip-note activity-figure" data-testid={testId}>
      {text}
    </p>
  );

  switch (conf.bonusType) {
    case BonusType.SIGN_IN: {
      const rewards = Array.isArray(rules.rewards) ? rules.rewards.filter((r) => micro(r) !== null) : [];
      return (
        <>
          {rewards.length > 0 && (
            <Table
              head={[t('figures.streak'), t('figures.reward')]}
              rows={rewards.map((reward, i) => [t('figures.day', { day: i + 1 }), money(reward)])}
              testId="activity-figures-days"
            />
          )}
          {micro(rules.dailyTurnover) !== null && line(t('figures.signInTurnover', { amount: amount(rules.dailyTurnover) }))}
        </>
      );
    }
    case BonusType.FIRST_RECHARGE:
      if (count(rules.percent) === null || micro(rules.minDeposit) === null || micro(rules.cap) === null) return null;
      return (
        <>
          {line(t('figures.firstRecharge', { percent: rules.percent, min: amount(rules.minDeposit), cap: amount(rules.cap) }), 'activity-figures-first')}
          {count(rules.claimDays) !== null && line(t('figures.firstRechargeDays', { days: rules.claimDays }))}
        </>
      );
    case BonusType.INVITATION:
      if (micro(rules.reward) === null) return null;
      return line(
        t('figures.invitation', { amount: amount(rules.reward), deposits: amount(rules.minDeposits), turnover: amount(rules.minTurnover) }),
        'activity-figures-invitation',
      );
    case BonusType.BETTING_REBATE: {
      const tiers = list(rules.tiers).filter((tier) => micro(tier.turnover) !== null && micro(tier.reward) !== null);
      if (tiers.length === 0) return null;
      return (
        <Table
          head={[t('figures.dailyTurnover'), t('figures.reward')]}
          rows={tiers.map((tier) => [money(tier.turnover), money(tier.reward)])}
          testId="activity-figures-tiers"
        />
      );
    }
    case BonusType.HASH_TASK: {
      const tasks = list(rules.tasks).filter((task) => micro(task.reward) !== null);
      if (tasks.length === 0) return null;
      return (
        <Table
          head={[t('figures.task'), t('figures.reward')]}
          rows={tasks.map((task) => [
            task.kind === 'rounds' ? t('figures.taskRounds', { count: count(task.target) ?? 0 }) : t('figures.taskTurnover', { amount: amount(task.target) }),
            money(task.reward),
          ])}
          testId="activity-figures-tasks"
        />
      );
    }
    case BonusType.REGISTER_REWARD:
      return micro(rules.reward) === null ? null : line(t('figures.register', { amount: amount(rules.reward) }), 'activity-figures-register');
    case BonusType.LOSS_REBATE:
      if (count(rules.percent) === null || micro(rules.minLoss) === null) return null;
      return (
        <>
          {line(t('figures.loss', { percent: rules.percent, min: amount(rules.minLoss) }), 'activity-figures-loss')}
          {micro(rules.cap) !== null && line(t('figures.lossCap', { amount: amount(rules.cap) }))}
        </>
      );
    default:
      return null;
  }
}
