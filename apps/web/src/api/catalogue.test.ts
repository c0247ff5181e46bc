import { errorMessage, EXPERIENCE_MESSAGES } from '@lobby/contract';
import { describe, expect, it } from 'vitest';
import { catalogueMessage, experienceMessage } from './catalogue';

describe('message catalogue', () => {
  it('gives the contract text for a code in the chosen language', async () => {
    expect(await catalogueMessage(12, 'th_TH', 'fallback')).toBe(errorMessage(12, 'th_TH'));
    expect(await catalogueMessage(10032, 'ar_EG', 'fallback')).toBe(errorMessage(10032, 'ar_EG'));
  });

  it('reads an unknown code as the generic failure, like the contract', async () => {
    expect(await catalogueMessage(987_654, 'pt_BR', 'fallback')).toBe(errorMessage(987_654, 'pt_BR'));
  });

  it('gives the experience-account texts', async () => {
    expect(await experienceMessage('goldNotUsedUp', 'vi_VN')).toBe(EXPERIENCE_MESSAGES.goldNotUsedUp.vi_VN);
  });
});
