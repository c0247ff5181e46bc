import { AUTO_BET_PROGRESSIONS, AUTO_BET_SIDES, AutoBetWakeUpType, type HashBetArea, type HashGameId } from '@lobby/contract';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { setAutoBetPanelMinimised } from '../../components/autoBetPanelState';
import { Button } from '../../components/Button';
import { Field, Select } from '../../components/Field';
import { Screen } from '../../components/Screen';
import { useNamespaceT } from '../../i18n/useNamespaceT';
import { isAutoBetWakeUpType, isHashBetArea, isHashGameId } from '../../lib/contractValues';
import { hashGameName } from '../../lib/games';
import { showAutoBetLog, useAutoBetControls, useAutoBetGames, useAutoBetStatus, useAutoBetStrategy } from '../../state/queries/auto-bet';
import { usePlayer } from '../../state/queries/player';
import { useSettings } from '../../state/settings';
import { toastSuccess } from '../../state/ui';
import { defaultForm, readForm, withStake, writeForm, type AutoBetFormValues } from './autoBetForm';
import './autoBet.css';

type Progression = (typeof AUTO_BET_PROGRESSIONS)[number];
type Side = (typeof AUTO_BET_SIDES)[number];

const amountList = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter(Boolean);

/** A select with its label shown above it, like the text fields beside it. */
function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="field">
      <span className="field__label" aria-hidden="true">
        {label}
      </span>
      {children}
    </div>
  );
}

/**
 * `/autoBet?gameId=..`: the strategy editor. The stake progression, the side rule, the wake-up rule,
 * the stop amounts and the interval; start plays it for real or simulated and opens the panel. It
 * opens with the values this player last used on this device, else with safe ones (a flat stake,
 * simulated, stopped after a few stakes lost); a strategy saved on the server fills a game the
 * player has no values for here.
 */
export default function AutoBetScreen() {
  const { t } = useNamespaceT('autobet');
  const language = useSettings((s) => s.language);
  // The profile query, not the session's copy: after a reload straight onto this screen only the query loads it.
  const playerId = usePlayer().data?.id;
  const [params] = useSearchParams();
  const games = useAutoBetGames();
  const status = useAutoBetStatus();
  const asked = Number(params.get('gameId'));
  const [form, setForm] = useState<AutoBetFormValues>(() => defaultForm(isHashGameId(asked) ? asked : 1));
  const set = (patch: Partial<AutoBetFormValues>) => setForm((current) => ({ ...current, ...patch }));
  const gameId = form.gameId as HashGameId;
  const saved = useAutoBetStrategy(gameId);
  const game = games.data?.find((g) => g.gameId === gameId);
  const areas: readonly HashBetArea[] = game?.areas ?? ['small', 'big'];
  const area: HashBetArea = isHashBetArea(form.area) && areas.includes(form.area) ? form.area : areas[0];
  const { start, save } = useAutoBetControls();

  // The player's own last values, once the session knows who the player is (after a reload, a moment later).
  const restored = useRef<number | null>(null);
  /** The game the restored values were typed for: the server's saved strategy does not overwrite them. */
  const localGame = useRef<number | null>(null);
  useEffect(() => {
    if (playerId === undefined || restored.current === playerId) return;
    restored.current = playerId;
    const last = readForm(playerId);
    if (!last) return;
    const game = isHashGameId(asked) ? asked : last.gameId;
    localGame.current = game === last.gameId ? game : null;
    setForm(game === last.gameId ? last : { ...last, gameId: game, area: '' });
    // Only a newly known player restores the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [playerId]);

  useEffect(() => {
    if (playerId !== undefined && restored.current === playerId) writeForm(playerId, form);
  }, [playerId, form]);

  useEffect(() => {
    const current = saved.data?.currentData;
    // Values this player typed here for this game win over a strategy saved on the server.
    if (!current || localGame.current === gameId) return;
    set({
      name: current.name,
      progression: current.progression,
      side: current.side,
      area: current.details[0].area,
      amounts: current.details.map((d) => d.amount).join(', '),
      ...(saved.data?.wakeUpData
        ? { wakeType: saved.data.wakeUpData.type, ...(saved.data.wakeUpData.rule[0] ? { wakeCount: String(saved.data.wakeUpData.rule[0]) } : {}) }
        : {}),
    });
    // Only a newly loaded strategy fills the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saved.data]);

  const { progression, side, amounts, wakeType, wakeCount } = form;
  const strategy = useMemo(() => {
    const stakes = progression === 'custom' ? amountList(amounts) : amountList(amounts).slice(0, 1);
    return {
      name: form.name.trim() || t(`progression.${progression}`),
      progression,
      side,
      details: (stakes.length ? stakes : ['1']).map((amount) => ({ area, amount })),
    };
  }, [form.name, progression, side, area, amounts, t]);
  const wakeUp = {
    type: wakeType as (typeof AutoBetWakeUpType)[keyof typeof AutoBetWakeUpType],
    rule: wakeType <= AutoBetWakeUpType.WIN ? [Number(wakeCount) || 1] : [],
  };
  const running = status.data?.isOpen === true;

  const onSave = async () => {
    await save.mutateAsync({ gameId, strategy, wakeUp });
    toastSuccess(t('editor.saved'));
  };
  const onStart = () =>
    start.mutate({
      simulate: form.simulate,
      gameId,
      gameLevel: form.level,
      currency: form.currency,
      strategy,
      wakeUp,
      stopWinAmount: form.stopWin,
      stopLoseAmount: form.stopLose,
      interval: Math.max(1, Math.floor(Number(form.interval)) || 1),
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
        <Labelled label={t('editor.game')}>
          <Select
            label={t('editor.game')}
            value={String(gameId)}
            testId="autobet-strategy-game"
            onValueChange={(v) => {
              const id = Number(v);
              if (isHashGameId(id)) set({ gameId: id, area: '' });
            }}
            options={(games.data ?? []).map((g) => ({ value: String(g.gameId), label: hashGameName(g.gameId, language) ?? g.name }))}
          />
        </Labelled>
        <div className="autobet-screen__row">
          <Labelled label={t('editor.level')}>
            <Select
              label={t('editor.level')}
              value={String(form.level)}
              testId="autobet-strategy-level"
              onValueChange={(v) => set({ level: v === '1' ? 1 : 0 })}
              options={options([0, 1], 'level')}
            />
          </Labelled>
          <Labelled label={t('editor.currency')}>
            <Select
              label={t('editor.currency')}
              value={form.currency}
              testId="autobet-strategy-currency"
              onValueChange={(v) => set({ currency: v === 'TRX' ? 'TRX' : 'USDT' })}
              options={['USDT', 'TRX'].map((c) => ({ value: c, label: c }))}
            />
          </Labelled>
        </div>
        <Field
          label={t('editor.name')}
          value={form.name}
          maxLength={32}
          placeholder={t(`progression.${progression}`)}
          onValueChange={(name) => set({ name })}
          data-testid="autobet-strategy-name"
        />
        <Labelled label={t('editor.progression')}>
          <Select
            label={t('editor.progression')}
            value={progression}
            testId="autobet-strategy-progression"
            onValueChange={(v) => set({ progression: v as Progression })}
            options={options(AUTO_BET_PROGRESSIONS, 'progression')}
          />
        </Labelled>
        <p className="autobet-screen__hint">{t(`progressionHint.${progression}`)}</p>
        <Field
          label={progression === 'custom' ? t('editor.sequence') : t('editor.base')}
          value={amounts}
          inputMode="decimal"
          onValueChange={(value) => setForm((current) => withStake(current, value))}
          addon={<span className="autobet-screen__unit">{form.currency}</span>}
          data-testid="autobet-strategy-amount"
        />
        <div className="autobet-screen__row">
          <Labelled label={t('editor.side')}>
            <Select
              label={t('editor.side')}
              value={side}
              testId="autobet-strategy-side"
              onValueChange={(v) => set({ side: v as Side })}
              options={options(AUTO_BET_SIDES, 'side')}
            />
          </Labelled>
          <Labelled label={t('editor.area')}>
            <Select
              label={t('editor.area')}
              value={area}
              testId="autobet-strategy-area"
              onValueChange={(v) => isHashBetArea(v) && set({ area: v })}
              options={areas.map((a) => ({ value: a, label: t(`area.${a}`, { defaultValue: a }) }))}
            />
          </Labelled>
        </div>
        <div className="autobet-screen__row">
          <Labelled label={t('editor.wakeUp')}>
            <Select
              label={t('editor.wakeUp')}
              value={String(wakeType)}
              testId="autobet-strategy-wakeup"
              onValueChange={(v) => {
                const type = Number(v);
                if (isAutoBetWakeUpType(type)) set({ wakeType: type });
              }}
              options={options([0, 1, 2, 3], 'wakeUp')}
            />
          </Labelled>
          {wakeType <= AutoBetWakeUpType.WIN && (
            <Field
              label={t('editor.wakeCount')}
              value={wakeCount}
              inputMode="numeric"
              onValueChange={(value) => set({ wakeCount: value })}
              data-testid="autobet-strategy-wakecount"
            />
          )}
        </div>
        <div className="autobet-screen__row">
          <Field
            label={t('editor.stopWin')}
            value={form.stopWin}
            inputMode="decimal"
            onValueChange={(stopWin) => set({ stopWin })}
            data-testid="autobet-strategy-stopwin"
          />
          <Field
            label={t('editor.stopLose')}
            value={form.stopLose}
            inputMode="decimal"
            onValueChange={(stopLose) => set({ stopLose })}
            data-testid="autobet-strategy-stoplose"
          />
        </div>
        <Field
          label={t('editor.interval')}
          value={form.interval}
          inputMode="numeric"
          onValueChange={(interval) => set({ interval })}
          data-testid="autobet-strategy-interval"
        />
        <p className="autobet-screen__hint" data-testid="autobet-interval-hint">
          {t('editor.intervalHint')}
        </p>
        <label className="autobet-switch">
          <input
            type="checkbox"
            role="switch"
            checked={form.simulate}
            aria-checked={form.simulate}
            onChange={(e) => set({ simulate: e.target.checked })}
            data-testid="autobet-simulate"
          />
          <span className="autobet-switch__track" aria-hidden="true">
            <span className="autobet-switch__thumb" />
          </span>
          <span className="autobet-switch__text">
            <b>{t('editor.simulate')}</b>
            <small>{t(form.simulate ? 'editor.simulateOn' : 'editor.simulateOff')}</small>
          </span>
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
