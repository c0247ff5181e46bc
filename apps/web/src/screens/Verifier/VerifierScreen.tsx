import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Field, Segmented, Select } from '../../components/Field';
import { Icon } from '../../components/Icon';
import { Screen } from '../../components/Screen';
import { formatExact } from '../../lib/format';
import { useExplorerBlockTemplate, useHashRound, useServerVerify, type VerifyInput } from '../../state/queries/hash-game';
import { ALL_HASH_GAMES, areasOfKind, explorerBlockLink, hashGameOf, heightFromBlockId, oddsFor } from '../HashGame/hashDisplay';
import { areaLabel, gameLabel } from '../HashGame/labels';
import { useHashT } from '../HashGame/useHashT';
import { WorkingView } from '../HashGame/Working';
import { compareWithServer, verifyLocally, verifyRequest, type VerifyForm } from './verify';
import '../HashGame/hashGame.css';

function formFromParams(params: URLSearchParams): VerifyForm {
  const gameId = params.get('gameId') ?? '';
  const blockId = (params.get('blockId') ?? '').trim();
  const encoded = heightFromBlockId(blockId);
  return {
    gameId: hashGameOf(Number(gameId)) ? gameId : '1',
    blockId,
    height: params.get('height') ?? (encoded === null ? '' : String(encoded)),
    area: params.get('area') ?? '',
    amount: params.get('amount') ?? '',
    level: params.get('level') === '1' ? '1' : '0',
  };
}

/** Waits until typing pauses before asking the server, so it is asked once per block id, not per key. */
function useSettled<T>(value: T, ms = 400): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
    // The key stands for the value: a new object with the same content is no change.
  }, [key, ms]);
  return settled;
}

/**
 * `/hashGame/verify?gameId=..&blockId=..&height=..`: anyone can recompute a result from a TRON block.
 * The result is worked out on this device first; the server's own answer is then held against it.
 */
export default function VerifierScreen() {
  const { t } = useHashT();
  const [params, setParams] = useSearchParams();
  const [form, setForm] = useState<VerifyForm>(() => formFromParams(params));
  const [heightTouched, setHeightTouched] = useState(() => params.has('height'));
  const game = hashGameOf(Number(form.gameId));
  const kind = game?.kind ?? 'bigSmall';
  const { data: roundSnapshot } = useHashRound(Number(form.gameId), Boolean(game), false);
  const template = useExplorerBlockTemplate();
  const odds = form.area ? oddsFor(kind, form.area, roundSnapshot?.round.levels, Number(form.level), 'USDT') : '';

  const local = useMemo(() => verifyLocally(form, odds || '1.95'), [form, odds]);
  const request = useSettled<VerifyInput | null>(useMemo(() => verifyRequest(form, local), [form, local]));
  const server = useServerVerify(request);

  // The link always describes what is on screen, so it can be shared as it is.
  useEffect(() => {
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries(form)) if (value) next.set(key, value);
    if (next.toString() !== params.toString()) setParams(next, { replace: true });
  }, [form]);

  const update = (patch: Partial<VerifyForm>) => setForm((current) => ({ ...current, ...patch }));
  const changeBlockId = (value: string) => {
    const blockId = value.replace(/\s+/g, '');
    const encoded = heightFromBlockId(blockId);
    update(heightTouched || encoded === null ? { blockId } : { blockId, height: String(encoded) });
  };
  const changeGame = (gameId: string) => {
    const next = hashGameOf(Number(gameId));
    // A pick of another kind means nothing here (a digit in big/small), so it is dropped.
    update({ gameId, area: next && (areasOfKind(next.kind) as readonly string[]).includes(form.area) ? form.area : '' });
  };

  const serverState: 'idle' | 'pending' | 'match' | 'mismatch' | 'unavailable' = !request
    ? 'idle'
    : server.data && !server.isPlaceholderData
      ? compareWithServer(local, server.data)
      : server.isError
        ? 'unavailable'
        : 'pending';

  const blockIdError = form.blockId && local.problem === 'blockId' ? t('verify.badBlockId') : undefined;
  const heightError =
    local.problem === 'heightMismatch'
      ? t('verify.heightMismatch', { height: local.encodedHeight })
      : local.problem === 'height' && form.height
        ? t('verify.badHeight')
        : undefined;
  const result = local.result;

  return (
    <Screen title={t('title.verify')} testId="verify" backHref={game ? `/hashGame?gameId=${game.id}&nav=pageBet` : '/home'}>
      <p className="hash-note">{t('verify.intro')}</p>
      <section className="hash-section verify-form" data-testid="verify-form">
        <div className="field">
          <span className="field__label">{t('verify.game')}</span>
          <Select
            label={t('verify.game')}
            value={form.gameId}
            onValueChange={changeGame}
            testId="verify-game"
            options={ALL_HASH_GAMES.map((g) => ({ value: String(g.id), label: gameLabel(t, g.id) }))}
          />
        </div>
        <div className={['field', blockIdError ? 'has-error' : ''].filter(Boolean).join(' ')}>
          <label className="field__label" htmlFor="verify-block-id">
            {t('verify.blockId')}
          </label>
          <div className="field__row verify-block">
            <textarea
              id="verify-block-id"
              className="field__input verify-block__input"
              rows={2}
              value={form.blockId}
              onChange={(e) => changeBlockId(e.target.value)}
              placeholder={t('verify.blockIdHint')}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              dir="ltr"
              aria-invalid={blockIdError ? true : undefined}
              data-testid="verify-block-id"
            />
          </div>
          {blockIdError && (
            <p className="field__error" role="alert">
              {blockIdError}
            </p>
          )}
        </div>
        <Field
          label={t('verify.height')}
          value={form.height}
          inputMode="numeric"
          onValueChange={(height) => {
            setHeightTouched(true);
            update({ height: height.replace(/\D/g, '') });
          }}
          placeholder={t('verify.heightHint')}
          dir="ltr"
          error={heightError}
          data-testid="verify-height"
        />
        <div className="verify-form__stake">
          <div className="field">
            <span className="field__label">{t('verify.area')}</span>
            <Select
              label={t('verify.area')}
              value={form.area}
              onValueChange={(area) => update({ area })}
              testId="verify-area"
              options={[{ value: '', label: t('verify.noArea') }, ...areasOfKind(kind).map((a) => ({ value: a, label: areaLabel(t, a) }))]}
            />
          </div>
          <Field
            label={t('verify.stake')}
            value={form.amount}
            inputMode="decimal"
            onValueChange={(amount) => update({ amount: amount.replace(',', '.') })}
            dir="ltr"
            error={local.problem === 'amount' ? t('problem.invalid') : undefined}
            data-testid="verify-amount"
          />
        </div>
        <Segmented<'0' | '1'>
          label={t('verify.level')}
          value={form.level}
          onValueChange={(level) => update({ level })}
          options={[
            { value: '0', label: t('level.0'), testId: 'verify-level-0' },
            { value: '1', label: t('level.1'), testId: 'verify-level-1' },
          ]}
        />
      </section>

      {result ? (
        <section className="hash-section" data-testid="verify-result" data-winner={result.winner}>
          <h2 className="hash-section__title">{t('working.title')}</h2>
          <WorkingView t={t} result={result} testIdPrefix="verify" />
          {local.stake && (
            <p className={`verify-return verify-return--${local.stake.outcome}`} data-testid="verify-return" data-outcome={local.stake.outcome}>
              <b>{t(`verify.outcome.${local.stake.outcome}`)}</b>
              <span>
                {t('verify.returns')} <b dir="ltr">{formatExact(local.stake.returnAmount)}</b>
              </span>
              <small dir="auto">{t('verify.oddsUsed', { odds: local.stake.odds })}</small>
            </p>
          )}
          <p
            className={`check-note check-note--${serverState === 'match' ? 'ok' : serverState === 'mismatch' ? 'bad' : 'wait'}`}
            data-testid="verify-server"
            data-state={serverState}
          >
            {serverState === 'match' && <Icon name="check" />}
            {serverState === 'mismatch' && <Icon name="close" />}
            {t(`verify.server.${serverState}`)}
            {server.data?.stake && local.stake && server.data.stake.odds !== local.stake.odds && (
              <small dir="auto">{t('verify.serverOdds', { odds: server.data.stake.odds, amount: formatExact(server.data.stake.returnAmount) })}</small>
            )}
          </p>
          {/* The site offers no explorer when its chain has no public one (the devnet). */}
          {template && (
            <a
              href={explorerBlockLink(template, result.height)}
              target="_blank"
              rel="noreferrer noopener"
              className="btn btn--secondary btn--sm verify-explorer"
              data-testid="verify-explorer"
            >
              <span className="btn__label">{t('verify.explorer')}</span>
            </a>
          )}
        </section>
      ) : (
        <p className="hash-section__empty" data-testid="verify-empty">
          {t('verify.empty')}
        </p>
      )}
    </Screen>
  );
}
