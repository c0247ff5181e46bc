import { BetAddressStatus, type Game } from '@lobby/contract';
import type { HashGame } from '@lobby/hash-games';
import { useIonRouter } from '@ionic/react';
import { useEffect, useState } from 'react';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { Icon } from '../../components/Icon';
import { copyText } from '../../lib/clipboard';
import { formatAmount } from '../../lib/format';
import { LOGIN_PATH } from '../../lib/navigation';
import { useBetAddresses, useBindBetAddress, useUnbindBetAddress, type HashRound } from '../../state/queries/hash-game';
import { useSession } from '../../state/session';
import { useSettings } from '../../state/settings';
import { showConfirm, toastFailure, toastSuccess } from '../../state/ui';
import { areasOfKind, LEVELS, oddsFor, transferTable, type Level } from './hashDisplay';
import { areaLabel, type Translate } from './labels';
import { Pressable } from '../../components/Pressable';

/** The address as a QR code, drawn dark on light whatever the theme so every wallet's scanner reads it. */
function AddressQr({ address, label, testId }: { address: string; label: string; testId: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((module) => (module.default ?? module).toString(address, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((svg) => live && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
    };
  }, [address]);
  return (
    <div className="transfer-qr" data-testid={testId}>
      {src ? <img src={src} alt={label} width={132} height={132} /> : <span className="skeleton transfer-qr__placeholder" />}
    </div>
  );
}

function LevelCard({ t, game, catalogue, level, round }: { t: Translate; game: Game | undefined; catalogue: HashGame; level: Level; round?: HashRound }) {
  const address = game?.transferBetAddress[level]?.trim() ?? '';
  const limit = game?.transferBetLimit[level];
  const currencies = limit?.currencies?.length ? limit.currencies : limit ? [{ currency: limit.currency, min: limit.min, max: limit.max }] : [];
  const copy = async () => {
    if (await copyText(address)) toastSuccess(t('transfer.copied'));
    else toastFailure(t('transfer.copyFailed'));
  };
  return (
    <article className="transfer-level" data-testid={`hash-address-${level}`}>
      <header className="transfer-level__head">
        <b>{t(`level.${level}`)}</b>
        <span className="transfer-level__odds" dir="ltr">
          {areasOfKind(catalogue.kind)
            .slice(0, catalogue.kind === 'luckyTen' ? 1 : undefined)
            .map((area) => oddsFor(catalogue.kind, area, round?.levels, level, 'USDT'))
            .filter((odds, i, all) => all.indexOf(odds) === i)
            .map((odds) => `×${odds}`)
            .join(' / ')}
        </span>
      </header>
      {address ? (
        <div className="transfer-level__body">
          <AddressQr address={address} label={t('transfer.qr')} testId={`transfer-qr-${level}`} />
          <div className="transfer-level__info">
            <small>{t('transfer.address')}</small>
            <div className="transfer-level__address">
              <code dir="ltr" data-testid={`transfer-address-${level}`}>
                {address}
              </code>
              <Pressable type="button" className="icon-button" onClick={copy} aria-label={t('transfer.copy')} data-testid={`transfer-copy-${level}`}>
                <Icon name="copy" />
              </Pressable>
            </div>
            {currencies.length > 0 && (
              <>
                <small>{t('transfer.limits')}</small>
                <ul className="transfer-level__limits" data-testid={`transfer-limits-${level}`}>
                  {currencies.map((entry) => (
                    <li key={entry.currency}>
                      <span dir="ltr">
                        {formatAmount(entry.min, 0)} – {formatAmount(entry.max, 0)} {entry.currency}
                      </span>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        </div>
      ) : (
        <p className="hash-section__empty">{t('transfer.noAddress')}</p>
      )}
    </article>
  );
}

function DigitTable({ t, kind }: { t: Translate; kind: HashGame['kind'] }) {
  return (
    <section className="hash-section" data-testid="transfer-digits">
      <h2 className="hash-section__title">{t('transfer.digitTitle')}</h2>
      <p className="hash-note">{t(kind === 'bull' ? 'transfer.bullNote' : kind === 'luckyTen' ? 'transfer.luckyNote' : 'transfer.digitExample')}</p>
      {kind !== 'bull' && kind !== 'luckyTen' && (
        <ol className="digit-table">
          {transferTable(kind).map(({ digit, area }) => (
            <li
              key={digit}
              className={area ? `digit-table__cell digit-table__cell--${area}` : 'digit-table__cell is-void'}
              data-testid={`transfer-digit-${digit}`}
            >
              <b dir="ltr">{digit}</b>
              <span>{area ? areaLabel(t, area) : t('transfer.noBet')}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

type Binding = NonNullable<ReturnType<typeof useBetAddresses>['data']>[number];

/** A time of day (and the day when it is not today) in the app's language. */
function whenText(iso: string, language: string): string {
  const date = new Date(iso);
  const today = new Date().toDateString() === date.toDateString();
  return new Intl.DateTimeFormat(language.replace('_', '-'), today ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** Where a binding stands, as the player reads it: in use, waiting for its transfer, or past its window. */
export function bindingState(entry: Binding, now = Date.now()): 'inUse' | 'waiting' | 'expired' | 'unbound' {
  if (entry.status === BetAddressStatus.IN_USE) return 'inUse';
  if (entry.status === BetAddressStatus.UNBOUND) return 'unbound';
  return entry.activation && new Date(entry.activation.expiresAt).getTime() > now ? 'waiting' : 'expired';
}

function BindingCard({ t, entry, onBindAgain }: { t: Translate; entry: Binding; onBindAgain: (address: string) => void }) {
  const language = useSettings((s) => s.language);
  const unbind = useUnbindBetAddress();
  const state = bindingState(entry);
  const ask = async () => {
    const sure = await showConfirm({
      title: t(state === 'inUse' ? 'transfer.unbindTitle' : 'transfer.cancelTitle'),
      message: t(state === 'inUse' ? 'transfer.unbindText' : 'transfer.cancelText'),
      confirm: t(state === 'inUse' ? 'transfer.unbind' : 'transfer.cancelBinding'),
      cancel: t('transfer.keep'),
      testId: 'transfer-unbind-confirm',
    });
    if (sure) unbind.mutate(entry.id);
  };
  return (
    <div className={`transfer-binding transfer-binding--${state}`} data-testid="transfer-binding" data-state={state}>
      <div className="transfer-binding__head">
        <small>{t(state === 'inUse' ? 'transfer.bound' : 'transfer.binding')}</small>
        <span className="transfer-binding__state" data-testid="transfer-binding-state">
          {t(`transfer.state.${state}`)}
        </span>
      </div>
      <code dir="ltr" data-testid="transfer-binding-address">
        {entry.address}
      </code>
      {state === 'inUse' && (
        <>
          {entry.activatedAt && <p>{t('transfer.inUseSince', { time: whenText(entry.activatedAt, language) })}</p>}
          <p>{t('transfer.inUseText')}</p>
          <p className="transfer-binding__howto">{t('transfer.unbindHowTo')}</p>
        </>
      )}
      {state === 'waiting' && entry.activation && (
        <>
          <p>
            {t('transfer.activate', { amount: formatAmount(entry.activation.amount), currency: entry.activation.currency })}{' '}
            {t('transfer.activateBy', { time: whenText(entry.activation.expiresAt, language) })}
          </p>
          <code dir="ltr" data-testid="transfer-binding-to">
            {entry.activation.toAddress}
          </code>
          <p>{t('transfer.activateNext')}</p>
        </>
      )}
      {state === 'expired' && <p>{t('transfer.expiredText')}</p>}
      <div className="transfer-binding__actions">
        {state === 'expired' && (
          <Button size="sm" onClick={() => onBindAgain(entry.address)} data-testid="transfer-binding-again">
            {t('transfer.bindAgain')}
          </Button>
        )}
        <Button size="sm" variant="secondary" busy={unbind.isPending} onClick={() => void ask()} data-testid="transfer-unbind">
          {t(state === 'inUse' ? 'transfer.unbind' : 'transfer.cancelBinding')}
        </Button>
      </div>
    </div>
  );
}

/**
 * The player's wallet bound for transfer bets. What the server holds is shown as soon as the screen
 * opens (after a reload too): the address in use with how to unbind it, or the bindings waiting for
 * their transfer, which are asked after until the server puts one in use.
 */
function BindPanel({ t }: { t: Translate }) {
  const router = useIonRouter();
  const token = useSession((s) => s.token);
  const [open, setOpen] = useState(false);
  const [address, setAddress] = useState('');
  const { data: addresses } = useBetAddresses(token !== null);
  const bind = useBindBetAddress();
  const live = addresses?.filter((entry) => entry.status !== BetAddressStatus.UNBOUND) ?? [];
  const inUse = live.find((entry) => entry.status === BetAddressStatus.IN_USE);
  const shown = inUse ? [inUse] : live;
  const bindAgain = (value: string) => bind.mutate(value);

  return (
    <section className="hash-section transfer-bind" data-testid="transfer-bind" data-bound={inUse ? 'true' : 'false'}>
      <h2 className="hash-section__title">{t('transfer.bindTitle')}</h2>
      <p className="hash-note">{t('transfer.bindText')}</p>
      <div className="transfer-bind__body">
        {shown.map((entry) => (
          <BindingCard key={entry.id} t={t} entry={entry} onBindAgain={bindAgain} />
        ))}
        {!inUse && !open && (
          <Pressable
            type="button"
            className="text-link transfer-bind__link"
            data-testid="transfer-bind-link"
            onClick={() => (token ? setOpen(true) : router.push(LOGIN_PATH))}
          >
            {t(shown.length > 0 ? 'transfer.bindOther' : 'transfer.bindLink')}
            <Icon name="chevronRight" className="flip-rtl" />
          </Pressable>
        )}
        {!inUse && open && (
          <form
            className="transfer-bind__form"
            onSubmit={(event) => {
              event.preventDefault();
              const value = address.trim();
              if (!value) return;
              bind.mutate(value, {
                onSuccess: () => {
                  setAddress('');
                  setOpen(false);
                },
              });
            }}
          >
            <Field
              label={t('transfer.bindAddress')}
              value={address}
              onValueChange={setAddress}
              autoComplete="off"
              spellCheck={false}
              dir="ltr"
              placeholder="T…"
              data-testid="transfer-bind-address"
            />
            <Button type="submit" block busy={bind.isPending} disabled={!address.trim()} data-testid="transfer-bind-submit">
              {t('transfer.bindSubmit')}
            </Button>
          </form>
        )}
      </div>
    </section>
  );
}

/** Betting by transfer: each level's address, its limits and odds, and how the amount picks the side. */
export function TransferBet({ t, game, catalogue, round }: { t: Translate; game: Game | undefined; catalogue: HashGame; round?: HashRound }) {
  if (!catalogue.transferBet) {
    return (
      <p className="hash-section__empty" data-testid="transfer-unavailable">
        {t('transfer.unavailable')}
      </p>
    );
  }
  return (
    <div className="transfer" data-testid="hash-transfer">
      <p className="hash-note">{t('transfer.intro')}</p>
      {LEVELS.map((level) => (
        <LevelCard key={level} t={t} game={game} catalogue={catalogue} level={level} round={round} />
      ))}
      <DigitTable t={t} kind={catalogue.kind} />
      <ul className="hash-rules">
        <li>{t('transfer.refund')}</li>
        <li>{t('transfer.payout')}</li>
        <li>{t('transfer.once')}</li>
      </ul>
      <BindPanel t={t} />
    </div>
  );
}
