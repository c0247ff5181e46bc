import { areaLabelKey, gameLabelKeys } from './hashDisplay';

/** The namespace translator as these helpers need it (any namespace, plain string keys). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A bet area as the player reads it: lucky-ten digits as they are, the others translated. */
export function areaLabel(t: Translate, area: string): string {
  const key = areaLabelKey(area);
  return key ? t(key) : area;
}

/** A hash game's short name in the player's language: its kind and its round length. */
export function gameLabel(t: Translate, gameId: number): string {
  const keys = gameLabelKeys(gameId);
  return keys ? `${t(keys.kind)} · ${t(keys.period)}` : String(gameId);
}

export function statusLabel(t: Translate, status: number): string {
  return t(`status.${status}`, { defaultValue: t('status.0') });
}
