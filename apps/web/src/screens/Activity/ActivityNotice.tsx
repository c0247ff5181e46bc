import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { i18n, loadNamespace } from '../../i18n';
import { parseMicro } from '@lobby/contract/micro';
import { navigateTo } from '../../lib/navigation';
import {
  isClaimable,
  useActivities,
  useActivityStates,
  useClaimableCount,
  useParticipate,
  useStandingFollowsPushes,
  type ActivityState,
} from '../../state/queries/activity';
import { useSession } from '../../state/session';
import { showActivityPopup, toastSuccess } from '../../state/ui';
import { BONUS_NS, wagerText } from '../Bonus/terms';
import { ANNOUNCED_KEY, announcementKey } from './announced';

// The tab layout loads this file after the first paint, on every tab: it holds no screen code and
// no stylesheet, only the badge and the popup.

const ACTIVITY_NS = 'activity';
const ANNOUNCED_KEEP = 50;
const LOBBY_PATH = '/home';

/** An amount and its currency inside a sentence, isolated together so Arabic keeps the figure before its currency. */
const amountText = (format: (micro: bigint) => string, value: string, currency: string) => `\u2066${format(parseMicro(value) ?? 0n)} ${currency}\u2069`;

function readAnnounced(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(ANNOUNCED_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

function remember(key: string): void {
  try {
    localStorage.setItem(ANNOUNCED_KEY, JSON.stringify([...readAnnounced(), key].slice(-ANNOUNCED_KEEP)));
  } catch {
    // Private mode: the reward may be announced again on the next visit, which is harmless.
  }
}

/**
 * The lobby's single-button popup for a reward that has just become claimable: its button claims it
 * there and then, its link opens the activity; several new at once are named in one popup whose
 * button opens the Events tab. Each reward is announced once, on the lobby only.
 */
export function ActivityNotice() {
  const token = useSession((s) => s.token);
  const playerId = useSession((s) => s.player?.id);
  const onLobby = useLocation().pathname === LOBBY_PATH;
  const activities = useActivities();
  const states = useActivityStates();
  const { mutate: claim } = useParticipate();
  const open = useRef(false);
  useStandingFollowsPushes();

  useEffect(() => {
    if (!token || !onLobby || playerId === undefined || open.current || !activities.data || !states.data) return;
    const announced = new Set(readAnnounced());
    const due = activities.data.flatMap((conf) => {
      const state = states.data.get(conf.id);
      return state && isClaimable(state) && !announced.has(announcementKey(playerId, state)) ? [{ conf, state }] : [];
    });
    if (due.length === 0) return;
    open.current = true;
    for (const { state } of due) remember(announcementKey(playerId, state));
    void (async () => {
      // The money formatting comes with the popup: most visits to the lobby have nothing to announce.
      const [{ formatMicroExact }] = await Promise.all([import('../../lib/money'), loadNamespace(ACTIVITY_NS), loadNamespace(BONUS_NS)]);
      const t = i18n.getFixedT(null, ACTIVITY_NS);
      if (due.length > 1) {
        // Several at once (a deposit can complete more than one): one popup names them all.
        const titles = new Intl.ListFormat(i18n.language.replace('_', '-'), { type: 'conjunction' }).format(due.map(({ conf }) => conf.title));
        const choice = await showActivityPopup({
          title: t('popup.manyTitle'),
          message: t('popup.manyText', { count: due.length, titles }),
          image: due.find(({ conf }) => conf.imageUrl)?.conf.imageUrl ?? undefined,
          button: t('popup.events'),
          testId: 'activity-popup',
          notice: true,
        });
        open.current = false;
        if (choice === true) navigateTo('/activity');
        return;
      }
      const [{ conf, state }] = due;
      const choice = await showActivityPopup({
        title: t('popup.title'),
        // What the claim asks to wager is said before the button that claims it.
        message: [
          t('popup.text', { title: conf.title, amount: amountText(formatMicroExact, state.pendingReward, state.currency) }),
          wagerText(
            i18n.getFixedT(null, BONUS_NS),
            { multiplier: conf.wageringMultiplier, amount: parseMicro(state.pendingReward), currency: state.currency },
            formatMicroExact,
          ),
        ].join('\n'),
        image: conf.imageUrl ?? undefined,
        button: t('popup.claim'),
        link: { text: t('popup.details'), testId: 'activity-popup-details' },
        testId: 'activity-popup',
        notice: true,
      });
      open.current = false;
      if (choice === 'link') navigateTo(`/ActivityDetail?id=${conf.id}`);
      else if (choice === true) {
        claim(conf.id, {
          onSuccess: (reply) => {
            if (reply.reward) toastSuccess(t('claimedToast', { amount: amountText(formatMicroExact, reply.reward.amount, reply.reward.currency) }));
          },
        });
      }
    })();
  }, [token, onLobby, playerId, activities.data, states.data, claim]);

  return null;
}

/** The claimable count on the Events tab; nothing when there is none. */
export function ActivityBadge() {
  const count = useClaimableCount();
  const { t, i18n: instance } = useTranslation(ACTIVITY_NS);
  if (count === 0) return null;
  const label = instance.hasResourceBundle(instance.language, ACTIVITY_NS) ? t('badge', { count }) : String(count);
  return (
    <span className="tab-badge" data-testid="tab-activity-badge" aria-label={label} role="status">
      {count > 99 ? '99+' : count}
    </span>
  );
}
