import type { activityText, Language } from '@lobby/contract';
import type { z } from 'zod';
import { parseRules, type ActivityType } from './activity-rules.ts';
import type { ActivityRow } from './activity.repo.ts';

/** An activity's words in one language, as operators write them (the contract's schema). */
export type ActivityText = z.output<typeof activityText>;

/** Texts per language; English is required and stands in for a language without its own. */
export type ActivityTexts = Partial<Record<Language, ActivityText>>;

/** An activity as the engines and calls use it: rules parsed into micro-units. */
export interface Activity {
  id: number;
  type: ActivityType;
  texts: ActivityTexts;
  imageUrl: string | null;
  sort: number;
  startAt: Date;
  endAt: Date | null;
  currency: 'USDT' | 'TRX';
  /** The rules as the operator wrote them (shown on the rules page). */
  rulesJson: Record<string, unknown>;
  /** Parsed by the type's schema (`RulesOf<type>`); engines see it typed. */
  rules: unknown;
  wageringMultiplier: number | null;
  perPlayerLimit: number | null;
  budgetCap: bigint | null;
  paidTotal: bigint;
  requiresRecharge: boolean;
  enabled: boolean;
  revision: number;
}

export function activityOf(row: ActivityRow): Activity {
  const type = row.type as ActivityType;
  return {
    id: row.id,
    type,
    texts: row.texts as ActivityTexts,
    imageUrl: row.image_url,
    sort: row.sort,
    startAt: row.start_at,
    endAt: row.end_at,
    currency: row.currency,
    rulesJson: row.rules as Record<string, unknown>,
    rules: parseRules(type, row.rules),
    wageringMultiplier: row.wagering_multiplier,
    perPlayerLimit: row.per_player_limit,
    budgetCap: row.budget_cap === null ? null : BigInt(row.budget_cap),
    paidTotal: BigInt(row.paid_total),
    requiresRecharge: row.requires_recharge,
    enabled: row.enabled,
    revision: Number(row.revision),
  };
}

/** Enabled and inside its window at `now`. */
export function isOpen(activity: Activity, now: Date): boolean {
  return activity.enabled && activity.startAt <= now && (activity.endAt === null || now < activity.endAt);
}

export function textOf(activity: Activity, language: Language): ActivityText {
  return activity.texts[language] ?? activity.texts.en_US ?? Object.values(activity.texts)[0] ?? { title: '', summary: '' };
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Operator text as safe HTML: everything escaped, paragraphs kept. */
export function contentHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${paragraph.replace(/[&<>"']/g, (c) => ESCAPES[c]!).replace(/\n/g, '<br>')}</p>`)
    .join('');
}
