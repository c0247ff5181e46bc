import { ApiError } from './index';
import { catalogueMessage, experienceMessage } from './catalogue';
import { useSettings } from '../state/settings';
import { showActivityPopup, toastFailure } from '../state/ui';

export interface Failure {
  /** The catalogue code, when the server answered with one. */
  code?: number;
  /** What to tell the player, in their language; empty when the client has already told them. */
  text: string;
  /** One of the experience-account refusals of SPEC section 5. */
  experience: boolean;
}

/**
 * What a failed call means for the screen. The server words business errors in the player's language
 * (the experience-account refusals with SPEC's own sentences), so its message is shown as it is;
 * network, timeout and generic codes were already reported by the API client.
 */
export async function describeFailure(error: unknown): Promise<Failure> {
  if (!(error instanceof ApiError) || error.kind !== 'business') return { text: '', experience: false };
  const language = useSettings.getState().language;
  const message = error.message.trim();
  if (message) {
    const experience = await Promise.all([
      experienceMessage('unsettledOrders', language).catch(() => ''),
      experienceMessage('goldNotUsedUp', language).catch(() => ''),
    ]);
    if (experience.includes(message)) return { code: error.code, text: message, experience: true };
  }
  if (error.handled) return { code: error.code, text: '', experience: false };
  const text = message || (error.code !== undefined ? await catalogueMessage(error.code, language, '') : '');
  return { code: error.code, text, experience: false };
}

/** Shows a failure the screen does not place next to a field: experience refusals as a popup, the rest as a toast. */
export async function showFailure(failure: Failure, okLabel: string, experienceTitle: string): Promise<void> {
  if (failure.experience) {
    await showActivityPopup({ title: experienceTitle, message: failure.text, button: okLabel, testId: 'experience-restricted' });
    return;
  }
  if (failure.text) toastFailure(failure.text);
}
