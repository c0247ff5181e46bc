import { AUTO_BET_LAST_OPERATIONS, LOG_DISPLAY_DECIMALS, type HashGameId } from '@lobby/contract';
import { formatAmount, formatClock } from '../lib/format';
import { useNamespaceT } from '../i18n/useNamespaceT';
import { hideAutoBetLog, useAutoBetControls, useAutoBetLog, type AutoBetLog } from '../state/queries/auto-bet';
import { showConfirm } from '../state/ui';
import { setAutoBetPanelMinimised, useAutoBetPanelMinimised } from './autoBetPanelState';
import { Button } from './Button';
import { Icon } from './Icon';
import { Pressable } from './Pressable';
import './AutoBetPanel.css';

const tail = (hash: string) => hash.slice(-5);
// Through the app's one money format: cut, never rounded up, with the language's separators.
const fixed = (value: string, digits: number) => formatAmount(value, digits);

/** Profit with its sign, so a glance at the chip tells a gain from a loss. */
function signedProfit(log: AutoBetLog | undefined) {
  const value = log ? fixed(log.reward, LOG_DISPLAY_DECIMALS) : fixed('0', LOG_DISPLAY_DECIMALS);
  return log && Number(log.reward) > 0 ? `+${value}` : value;
}

function rate(log: AutoBetLog | undefined) {
  if (!log || log.totalNum === 0) return '0.00%';
  return `${((log.winNum / log.totalNum) * 100).toFixed(2)}%`;
}

/**
 * The operation log of the player's auto-bet: stats, the last operations, the bets, and the controls.
 * Expanded, the log scrolls between a fixed header and the Start/Stop/Clear bar; minimised, it is a
 * chip with the run's state and profit that opens the log again when tapped.
 */
export default function AutoBetPanel({ gameId, simulate }: { gameId: HashGameId; simulate: boolean }) {
  const { t } = useNamespaceT('autobet');
  const log = useAutoBetLog(gameId, simulate);
  const { start, stop, clear, restart: restartRun } = useAutoBetControls();
  const minimised = useAutoBetPanelMinimised((s) => s.minimised);
  const data = log.data;
  const running = data?.isOpen === true;
  const state = running ? t('panel.running') : t('panel.stopped');

  const close = async () => {
    if (running) {
      const confirmed = await showConfirm({
        title: t('panel.closeTitle'),
        message: t('panel.closeMessage'),
        confirm: t('panel.stop'),
        cancel: t('panel.cancel'),
        testId: 'autobet-close-confirm',
      });
      if (!confirmed) return;
      await stop.mutateAsync();
    }
    hideAutoBetLog();
  };

  const restart = () => restartRun.mutate({ gameId, simulate, currency: data?.currency ?? 'USDT' });

  if (minimised) {
    return (
      <Pressable
        type="button"
        className="autobet-chip"
        data-testid="autobet-chip"
        aria-expanded={false}
        aria-label={`${t('panel.expand')}: ${state}, ${t('panel.profit')} ${signedProfit(data)}`}
        onClick={() => setAutoBetPanelMinimised(false)}
      >
        <span className={`autobet-chip__dot${running ? ' is-running' : ''}`} aria-hidden="true" />
        <span className="autobet-chip__state" data-testid="autobet-chip-state">
          {state}
        </span>
        <span className={`autobet-chip__profit ${data && Number(data.reward) < 0 ? 'is-loss' : 'is-gain'}`} data-testid="autobet-chip-profit" dir="ltr">
          {signedProfit(data)}
        </span>
      </Pressable>
    );
  }

  return (
    <section className="autobet-panel" data-testid="autobet-panel" aria-label={t('panel.title')}>
      <header className="autobet-panel__head">
        <h2 className="autobet-panel__title">
          {t('panel.title')}
          {simulate && <span className="autobet-panel__tag">{t('panel.simulated')}</span>}
          <span className={`autobet-panel__state${running ? ' is-running' : ''}`}>{state}</span>
        </h2>
        <Pressable
          type="button"
          className="autobet-panel__icon-button"
          aria-label={t('panel.minimise')}
          aria-expanded={true}
          data-testid="autobet-minimise"
          onClick={() => setAutoBetPanelMinimised(true)}
        >
          <Icon name="chevronDown" />
        </Pressable>
        <Pressable type="button" className="autobet-panel__icon-button" aria-label={t('panel.close')} data-testid="autobet-close" onClick={() => void close()}>
          <Icon name="close" />
        </Pressable>
      </header>
      <div className="autobet-panel__body" data-testid="autobet-panel-body">
        <dl className="autobet-panel__stats">
          <div>
            <dt>{t('panel.balance')}</dt>
            <dd data-testid="autobet-balance">
              {data ? fixed(data.amountBalance, 2) : '-'} {data?.currency}
            </dd>
          </div>
          <div>
            <dt>{t('panel.total')}</dt>
            <dd data-testid="autobet-total">{data?.totalNum ?? 0}</dd>
          </div>
          <div>
            <dt>{t('panel.wins')}</dt>
            <dd data-testid="autobet-wins">{data?.winNum ?? 0}</dd>
          </div>
          <div>
            <dt>{t('panel.winRate')}</dt>
            <dd data-testid="autobet-rate">{rate(data)}</dd>
          </div>
          <div>
            <dt>{t('panel.profit')}</dt>
            <dd data-testid="autobet-profit" dir="ltr" className={data && Number(data.reward) < 0 ? 'is-loss' : 'is-gain'}>
              {fixed(data?.reward ?? '0', LOG_DISPLAY_DECIMALS)}
            </dd>
          </div>
        </dl>

        <h3 className="autobet-panel__sub">{t('panel.operations')}</h3>
        <ul className="autobet-panel__ops">
          {(data?.result ?? []).slice(0, AUTO_BET_LAST_OPERATIONS).map((op) => (
            <li key={`${op.blockNum}`} data-testid="autobet-op-row">
              <span>{formatClock(op.time)}</span>
              <span>#{op.blockNum}</span>
              <span className="autobet-panel__hash" dir="ltr">
                …{tail(op.blockHash)}
              </span>
              <span>{op.announceArea ? t(`area.${op.announceArea}`, { defaultValue: op.announceArea }) : '-'}</span>
              {op.stopType !== 0 && <span className="autobet-panel__stop">{t(`stop.${op.stopType}`)}</span>}
            </li>
          ))}
        </ul>

        <table className="autobet-panel__table">
          <thead>
            <tr>
              <th>{t('panel.block')}</th>
              <th>{t('panel.amount')}</th>
              <th>{t('panel.profitLoss')}</th>
              <th>{t('panel.side')}</th>
              <th>{t('panel.result')}</th>
            </tr>
          </thead>
          <tbody>
            {(data?.record ?? []).map((bet) => (
              <tr key={bet.blockNum} data-testid="autobet-record-row">
                <td>{bet.blockNum}</td>
                <td>{fixed(bet.amount, LOG_DISPLAY_DECIMALS)}</td>
                <td dir="ltr" className={bet.profitAmount !== null && Number(bet.profitAmount) < 0 ? 'is-loss' : 'is-gain'}>
                  {bet.profitAmount === null ? '-' : fixed(bet.profitAmount, LOG_DISPLAY_DECIMALS)}
                </td>
                <td>{t(`area.${bet.betArea}`, { defaultValue: bet.betArea })}</td>
                <td>{t(`status.${bet.status}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <footer className="autobet-panel__actions" data-testid="autobet-actions">
        <Button size="sm" data-testid="autobet-start" disabled={running} busy={start.isPending} onClick={restart}>
          {t('panel.start')}
        </Button>
        <Button size="sm" variant="secondary" data-testid="autobet-stop" disabled={!running} busy={stop.isPending} onClick={() => stop.mutate()}>
          {t('panel.stop')}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          data-testid="autobet-clear"
          disabled={running}
          busy={clear.isPending}
          onClick={() => clear.mutate({ gameId, simulate })}
        >
          {t('panel.clear')}
        </Button>
      </footer>
    </section>
  );
}
