import { EXPERIENCE_DEBOUNCE_MS, ExperienceType } from '@lobby/contract';
import { api } from '../../api';
import { calls } from '../../api/calls';
import { useSession, type ExperienceInfo } from '../session';

export const playerMarkKeys = {
  all: ['player', 'mark'] as const,
  experience: () => [...playerMarkKeys.all, 'experience'] as const,
  special: () => [...playerMarkKeys.all, 'special'] as const,
};

let lastExperienceAsk = 0;
let pendingExperience: Promise<ExperienceInfo | null> | undefined;
/** The session the pending answer is about: another player signing in asks again at once. */
let askedFor: string | null = null;
let unsettled = false;

/**
 * Experience-gold state (SPEC section 4): asked again at most every 2 s, and never again once the
 * account is known to have been an experience account, since that cannot change back.
 */
export async function refreshExperience(now = Date.now()): Promise<{ info: ExperienceInfo | null; hasUnsettledOrders: boolean }> {
  const known = useSession.getState().experience;
  if (known?.accountType === ExperienceType.WAS_EXPERIENCE) return { info: known, hasUnsettledOrders: false };
  const token = useSession.getState().token;
  if (pendingExperience && askedFor === token && now - lastExperienceAsk < EXPERIENCE_DEBOUNCE_MS) {
    return { info: await pendingExperience, hasUnsettledOrders: unsettled };
  }
  lastExperienceAsk = now;
  askedFor = token;
  pendingExperience = api
    .call(calls.playerMark.experienceGoldInfo, {}, { silent: true })
    .then((reply) => {
      unsettled = reply.hasUnsettledOrders;
      const info = { accountType: reply.accountType, isSettlement: reply.isSettlement };
      useSession.setState({ experience: info });
      return info;
    })
    .catch(() => known ?? null);
  return { info: await pendingExperience, hasUnsettledOrders: unsettled };
}

/** Special-invite type, asked before entering a third-party game; the stored value if the server cannot say. */
export async function refreshSpecialType(): Promise<number | null> {
  try {
    const reply = await api.call(calls.playerMark.specialInvitedAccountInfo, {}, { silent: true });
    useSession.setState({ specialType: reply.accountType });
    return reply.accountType;
  } catch {
    return useSession.getState().specialType ?? useSession.getState().player?.accountType ?? null;
  }
}
