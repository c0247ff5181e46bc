import type { LimitKind, LimitPeriod } from '@lobby/contract';
import { useNamespaceT } from '../../i18n/useNamespaceT';
import { localeTag } from '../../lib/format';

/** The texts of the responsible-gaming page, the limit offer, the reality check and the refusals. */
export const PROTECTION_NS = 'protection';

/** Where the player's limits, reality checks, time-out and self-exclusion live. */
export const RESPONSIBLE_GAMING_PATH = '/responsible-gaming';

export function useProtectionT() {
  return useNamespaceT(PROTECTION_NS);
}

/** A moment (a reset, the end of a pause) in the player's language and time zone, to the minute. */
export function formatMoment(iso: string, language: string): string {
  return new Date(iso).toLocaleString(localeTag(language), { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** The key of a limit's name in a sentence ("daily loss limit"). */
export const limitNameKey = (kind: LimitKind, period: LimitPeriod) => `limitName.${kind}.${period}`;
