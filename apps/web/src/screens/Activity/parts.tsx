import { BonusType, parseMicro } from '@lobby/contract';
import { createElement, useEffect, useState, type ReactNode } from 'react';
import { Button } from '../../components/Button';
import { Icon, type IconName } from '../../components/Icon';
import { LazyImage } from '../../components/LazyImage';
import { useNamespaceT } from '../../i18n/useNamespaceT';
import { isClaimable, useParticipate, type ActivityConf, type ActivityState } from '../../state/queries/activity';
import { toastSuccess } from '../../state/ui';
import { formatMicroExact } from '../../lib/money';
// The progress bar, cards and record rows are the VIP screens' own, styled there.
import '../Vip/vip.css';
import './activity.css';

/** The texts of the activity screens, the lobby's bonus popup and the Events tab's badge. */
export const ACTIVITY_NS = 'activity';

export function useActivityT() {
  return useNamespaceT(ACTIVITY_NS);
}

export const detailPath = (activityId: number) => `/ActivityDetail?id=${activityId}`;

/**
 * Where a player stands in an activity, in the order that matters to them: a reward to take first,
 * then whether the activity runs at all, then what the player can still do in it.
 */
export type ActivityStatus = 'claimable' | 'joinable' | 'upcoming' | 'ended' | 'claimed' | 'auto' | 'locked' | 'open';

export function activityStatus(conf: ActivityConf, state: ActivityState | undefined, now: number): ActivityStatus {
  if (now < Date.parse(conf.startAt)) return 'upcoming';
  if (conf.endAt !== null && now >= Date.parse(conf.endAt)) return 'ended';
  if (state && isClaimable(state)) return 'claimable';
  if (state?.canParticipate && conf.manual) return 'joinable';
  if (!conf.manual) return 'auto';
  if (state?.participated) return 'claimed';
  if (conf.requiresRecharge) return 'locked';
  return 'open';
}

/** The current time, moved on every `everyMs` (a countdown ticks each second, the list each minute). */
export function useNow(everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

const two = (n: number) => String(n).padStart(2, '0');

/** Days, then hours:minutes:seconds left until `end`; zero once it has passed. */
export function countdownParts(end: number, now: number): { days: number; time: string } {
  const seconds = Math.max(0, Math.floor((end - now) / 1000));
  const days = Math.floor(seconds / 86_400);
  const rest = seconds % 86_400;
  return { days, time: `${two(Math.floor(rest / 3600))}:${two(Math.floor((rest % 3600) / 60))}:${two(rest % 60)}` };
}

const MICRO = 1_000_000n;

/**
 * Whether a progress counts rounds rather than an amount: a hash task's rounds task is measured in
 * whole rounds (the server sends them as whole units), and it is the task whose target is shown.
 */
function countsRounds(conf: ActivityConf, target: bigint): boolean {
  if (conf.bonusType !== BonusType.HASH_TASK || !Array.isArray(conf.rules.tasks)) return false;
  const tasks = conf.rules.tasks as { kind?: unknown; target?: unknown }[];
  const rounds = tasks.some((task) => task.kind === 'rounds' && Number.isSafeInteger(task.target) && BigInt(task.target as number) * MICRO === target);
  const amount = tasks.some((task) => task.kind === 'turnover' && parseMicro(String(task.target)) === target);
  return rounds && !amount;
}

type ProgressT = (key: string, options?: Record<string, unknown>) => string;

/**
 * What the player did against the activity's rule, in words: the e-mail bound for the register
 * reward, the first deposit against its minimum ("3,000 / 10 USDT deposited"), rounds as a count,
 * other amounts with their currency. The figure is what was done, not cut at the target, and a met
 * rule carries a tick.
 */
export function progressText(progress: { current: string; target: string }, conf: ActivityConf, currency: string, t: ProgressT): string {
  const target = parseMicro(progress.target) ?? 0n;
  const done = parseMicro(progress.current) ?? 0n;
  const met = done >= target;
  if (conf.bonusType === BonusType.REGISTER_REWARD) return t(met ? 'progress.emailBound' : 'progress.emailMissing');
  const figures = { done: `\u2066${formatMicroExact(done, 0)}`, target: `${formatMicroExact(target, 0)}\u2069`, currency };
  const key = countsRounds(conf, target) ? 'progress.rounds' : conf.bonusType === BonusType.FIRST_RECHARGE ? 'progress.deposited' : 'progress.amount';
  const text = t(key, figures);
  return met ? t('progress.met', { text }) : text;
}

/** Without an operator's banner, each type is told apart by its own picture and colours. */
const BANNER_ICONS: Record<number, IconName> = {
  [BonusType.SIGN_IN]: 'star',
  [BonusType.FIRST_RECHARGE]: 'recharge',
  [BonusType.INVITATION]: 'team',
  [BonusType.BETTING_REBATE]: 'chart',
  [BonusType.HASH_TASK]: 'hash',
  [BonusType.REGISTER_REWARD]: 'gift',
  [BonusType.LOSS_REBATE]: 'refund',
};

/** The operator's banner, or the brand gradient with a gift when there is none (or it fails to load). */
export function Banner({ conf, size = 'card' }: { conf: ActivityConf; size?: 'card' | 'hero' }) {
  return (
    <LazyImage
      src={conf.imageUrl}
      alt=""
      className={`activity-banner activity-banner--${size}`}
      fallback={
        <span className="activity-banner__art" data-type={conf.bonusType}>
          <Icon name={BANNER_ICONS[conf.bonusType] ?? 'gift'} strokeWidth={1.6} />
        </span>
      }
    />
  );
}

export function StatusChip({ status, children, testId }: { status: ActivityStatus; children: ReactNode; testId?: string }) {
  return (
    <span className={`activity-chip activity-chip--${status}`} data-testid={testId} data-status={status}>
      {children}
    </span>
  );
}

/**
 * An amount and its currency inside a sentence, isolated together left to right: in Arabic the
 * figure stays before its currency and its digits keep their order.
 */
export const moneyInline = (micro: bigint, currency: string): string => `\u2066${formatMicroExact(micro)} ${currency}\u2069`;

/** The words of a status chip; a claimable one names its amount. */
export function useStatusText() {
  const { t } = useActivityT();
  return (status: ActivityStatus, conf: ActivityConf, state: ActivityState | undefined, locale: string): string => {
    switch (status) {
      case 'claimable':
        return t('state.claimable', { amount: moneyInline(parseMicro(state!.pendingReward) ?? 0n, state!.currency) });
      case 'upcoming':
        return t('state.upcoming', { date: new Date(conf.startAt).toLocaleDateString(locale, { month: 'short', day: 'numeric' }) });
      case 'joinable':
      case 'open':
        return t('state.open');
      default:
        return t(`state.${status}`);
    }
  };
}

/**
 * The one button of an activity: claims its reward, or joins it when joining is what it asks for.
 * The toast names what was credited; a refusal is shown by the client with the code's message.
 */
export function ParticipateButton({ conf, state, block, testId }: { conf: ActivityConf; state: ActivityState; block?: boolean; testId: string }) {
  const { t } = useActivityT();
  const participate = useParticipate();
  const claimable = isClaimable(state);
  return (
    <Button
      size={block ? 'md' : 'sm'}
      block={block}
      busy={participate.isPending}
      onClick={() =>
        participate.mutate(conf.id, {
          onSuccess: (reply) =>
            toastSuccess(
              reply.reward ? t('claimedToast', { amount: moneyInline(parseMicro(reply.reward.amount) ?? 0n, reply.reward.currency) }) : t('joinedToast'),
            ),
        })
      }
      data-testid={testId}
    >
      {claimable ? t('claim') : t('join')}
    </Button>
  );
}

const ALLOWED_TAGS = new Set(['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'ul', 'ol', 'li', 'h3', 'h4', 'span', 'table', 'thead', 'tbody', 'tr', 'th', 'td']);

const DROPPED_TAGS = new Set(['script', 'style', 'template', 'iframe', 'object', 'noscript']);

function toReact(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (DROPPED_TAGS.has(tag)) return null;
  const children = [...element.childNodes].map(toReact);
  // Unknown tags keep their text and lose the tag: no links, images, scripts, styles or handlers.
  return ALLOWED_TAGS.has(tag) ? createElement(tag, { key }, ...(tag === 'br' ? [] : children)) : createElement('span', { key }, ...children);
}

/** The words of an HTML body, to compare it with a plain text. */
export function htmlText(html: string): string {
  if (typeof DOMParser === 'undefined') return html;
  return (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * The rules page body. The server sanitises it already; it is rebuilt here from a fixed list of text
 * tags as well, so an operator's paste can never run script or restyle the app.
 */
export function RulesText({ html, testId }: { html: string; testId?: string }) {
  const body = typeof DOMParser === 'undefined' ? null : new DOMParser().parseFromString(html, 'text/html').body;
  return (
    <div className="activity-rules" data-testid={testId}>
      {body ? [...body.childNodes].map(toReact) : html}
    </div>
  );
}
