import { AUTO_BET_DEFAULTS, AUTO_BET_PROGRESSIONS, AUTO_BET_SIDES, AutoBetWakeUpType, type HashBetArea, type HashGameId } from '@lobby/contract';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { setAutoBetPanelMinimised } from '../../components/autoBetPanelState';
import { Button } from '../../components/Button';
import { Field, Select } from '../../components/Field';
import { Screen } from '../../components/Screen';
import { useNamespaceT } from '../../i18n/useNamespaceT';
import { isAutoBetWakeUpType, isHashBetArea, isHashGameId } from '../../lib/contractValues';
import { hashGameName } from '../../lib/games';
import { showAutoBetLog, useAutoBetControls, useAutoBetGames, useAutoBetStatus, useAutoBetStrategy } from '../../state/queries/auto-bet';
import { useSettings } from '../../state/settings';
import { toastSuccess } from '../../state/ui';
import './autoBet.css';

type Progression = (typeof AUTO_BET_PROGRESSIONS)[number];
type Side = (typeof AUTO_BET_SIDES)[number];

const amountList = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter(Boolean);

/**
 * `/autoBet?gameId=..`: the strategy editor. The stake progression, the side rule, the wake-up rule,
 * the stop amounts and the interval; start plays it for real or simulated and opens the panel.
 */
export default function AutoBetScreen() {
  const { t } = useNamespaceT('autobet');
  const language = useSettings((s) => s.language);
  const [params] = useSearchParams();
  const games = useAutoBetGames();
  const status = useAutoBetStatus();
  const [gameId, setGameId] = useState<HashGameId>(() => {
    const asked = Number(params.get('gameId'));
    return isHashGameId(asked) ? asked : 1;
  });
  const saved = useAutoBetStrategy(gameId);
  const game = games.data?.find((g) => g.gameId === gameId);
  const areas: readonly HashBetArea[] = game?.areas ?? ['small', 'big'];

  const [name, setName] = useState('');
  const [progression, setProgression] = useState<Progression>('martingale');
  const [side, setSide] = useState<Side>('fixed');
  const [area, setArea] = useState<HashBetArea>(areas[0]);
  const [amounts, setAmounts] = useState('1');
  const [wakeType, setWakeType] = useState<(typeof AutoBetWakeUpType)[keyof typeof AutoBetWakeUpType]>(AutoBetWakeUpType.NONE);
  const [wakeCount, setWakeCount] = useState('3');
  const [stopWin, setStopWin] = useState(String(AUTO_BET_DEFAULTS.stopWinAmount));
  const [stopLose, setStopLose] = useState(String(AUTO_BET_DEFAULTS.stopLoseAmount));
  const [interval, setInterval] = useState(String(AUTO_BET_DEFAULTS.interval));
  const [level, setLevel] = useState<0 | 1>(0);
  const [currency, setCurrency] = useState<'USDT' | 'TRX'>('USDT');
  const [simulate, setSimulate] = useState(true);
  const { start, save } = useAutoBetControls();

  useEffect(() => {
    const current = saved.data?.currentData;
    if (!current) {
      setArea(areas[0]);
      return;
    }
    setName(current.name);
    setProgression(current.progression);
    setSide(current.side);
    setArea(current.details[0].area);
    setAmounts(current.details.map((d) => d.amount).join(', '));
    if (saved.data?.wakeUpData) {
      setWakeType(saved.data.wakeUpData.type);
      if (saved.data.wakeUpData.rule[0]) setWakeCount(String(saved.data.wakeUpData.rule[0]));
    }
    // Only a newly loaded strategy resets the form; the areas follow from the game.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saved.data]);

  const strategy = useMemo(() => {
    const stakes = progression === 'custom' ? amountList(amounts) : amountList(amounts).slice(0, 1);
    return {
      name: name.trim() || t(`progression.${progression}`),
      progression,
      side,
      details: (stakes.length ? stakes : ['1']).map((amount) => ({ area, amount })),
    };
  }, [name, progression, side, area, amounts, t]);
  const wakeUp = { type: wakeType, rule: wakeType <= AutoBetWakeUpType.WIN ? [Number(wakeCount) || 1] : [] };
  const running = status.data?.isOpen === true;

  const onSave = async () => {
    await save.mutateAsync({ gameId, strategy, wakeUp });
    toastSuccess(t('editor.saved'));
  };
  const onStart = () =>
    start.mutate({
      simulate,
      gameId,
      gameLevel: level,
      currency,
      strategy,
      wakeUp,
      stopWinAmount: stopWin,
      stopLoseAmount: stopLose,
      interval: Number(interval) || 1,
    });

  // Asked for, the log opens in full even if the player had folded it into its chip.
  const showLog = () => {
    showAutoBetLog(status.data!.gameId!, status.data!.simulate);
    setAutoBetPanelMinimised(false);
  };

  const options = (values: readonly (string | number)[], prefix: string) => values.map((v) => ({ value: String(v), label: t(`${prefix}.${v}`) }));

  return (
    <Screen title={t('editor.title')} testId="autobet" backHref="/hashGame">
      <div className="autobet-screen">
        <Select
          label={t('editor.game')}
          value={String(gameId)}
          testId="autobet-strategy-game"
          onValueChange={(v) => {
            const id = Number(v);
            if (isHashGameId(id)) setGameId(id);
          }}
          options={(games.data ?? []).map((g) => ({ value: String(g.gameId), label: hashGameName(g.gameId, language) ?? g.name }))}
        />
        <div className="autobet-screen__row">
          <Select label={t('editor.level')} value={String(level)} testId="autobet-strategy-level" onValueChange={(v) => setLevel(Number(v) as 0 | 1)} options={options([0, 1], 'level')} />
          <Select label={t('editor.currency')} value={currency} testId="autobet-strategy-currency" onValueChange={(v) => setCurrency(v as 'USDT' | 'TRX')} options={['USDT', 'TRX'].map((c) => ({ value: c, label: c }))} />
        </div>
        <Field label={t('editor.name')} value={name} maxLength={32} onValueChange={setName} data-testid="autobet-strategy-name" />
        <Select label={t('editor.progression')} value={progression} testId="autobet-strategy-progression" onValueChange={(v) => setProgression(v as Progression)} options={options(AUTO_BET_PROGRESSIONS, 'progression')} />
        <p className="autobet-screen__hint">{t(`progressionHint.${progression}`)}</p>
        <Field
          label={progression === 'custom' ? t('editor.sequence') : t('editor.base')}
          value={amounts}
          inputMode="decimal"
          onValueChange={setAmounts}
          data-testid="autobet-strategy-amount"
        />
        <div className="autobet-screen__row">
          <Select label={t('editor.side')} value={side} testId="autobet-strategy-side" onValueChange={(v) => setSide(v as Side)} options={options(AUTO_BET_SIDES, 'side')} />
          <Select label={t('editor.area')} value={area} testId="autobet-strategy-area" onValueChange={(v) => isHashBetArea(v) && setArea(v)} options={areas.map((a) => ({ value: a, label: t(`area.${a}`, { defaultValue: a }) }))} />
        </div>
        <div className="autobet-screen__row">
          <Select label={t('editor.wakeUp')} value={String(wakeType)} testId="autobet-strategy-wakeup" onValueChange={(v) => {
            const type = Number(v);
            if (isAutoBetWakeUpType(type)) setWakeType(type);
          }} options={options([0, 1, 2, 3], 'wakeUp')} />
          {wakeType <= AutoBetWakeUpType.WIN && (
            <Field label={t('editor.wakeCount')} value={wakeCount} inputMode="numeric" onValueChange={setWakeCount} data-testid="autobet-strategy-wakecount" />
          )}
        </div>
        <div className="autobet-screen__row">
          <Field label={t('editor.stopWin')} value={stopWin} inputMode="decimal" onValueChange={setStopWin} data-testid="autobet-strategy-stopwin" />
          <Field label={t('editor.stopLose')} value={stopLose} inputMode="decimal" onValueChange={setStopLose} data-testid="autobet-strategy-stoplose" />
        </div>
        <Field label={t('editor.interval')} value={interval} inputMode="numeric" onValueChange={setInterval} data-testid="autobet-strategy-interval" />
        <label className="autobet-screen__check">
          <input type="checkbox" checked={simulate} onChange={(e) => setSimulate(e.target.checked)} data-testid="autobet-simulate" />
          {t('editor.simulate')}
        </label>
        <div className="autobet-screen__row">
          <Button variant="secondary" busy={save.isPending} onClick={() => void onSave()} data-testid="autobet-strategy-save">
            {t('editor.save')}
          </Button>
          <Button busy={start.isPending} disabled={running} onClick={onStart} data-testid="autobet-strategy-start">
            {t('panel.start')}
          </Button>
        </div>
        {status.data?.gameId != null && (
          <Button variant="ghost" onClick={showLog} data-testid="autobet-strategy-log">
            {t('editor.showLog')}
          </Button>
        )}
      </div>
    </Screen>
  );
}
