import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n';
import { loadTexts, renderScreen, resetApp } from '../../testing/screen';
import RulesScreen from './RulesScreen';

vi.mock('@ionic/react', () => import('../../testing/screen').then((m) => m.ionicStub));

beforeEach(resetApp);

const rules = (container: HTMLElement) => [...container.querySelectorAll('[data-testid="rule"]')].map((li) => li.textContent ?? '');

describe('/userProfile/ExperienceRule', () => {
  it('explains experience gold with the limits of the contract: 3 USDT to use it up, 100 USDT to withdraw', async () => {
    await loadTexts('en_US');
    const screen = await renderScreen(<RulesScreen kind="experience" />);
    expect(screen.byTestId('screen-title')!.textContent).toBe('Experience account rules');
    const texts = rules(screen.container);
    expect(texts).toHaveLength(6);
    expect(texts[1]).toContain('While 3 USDT or more is left, third-party games');
    expect(texts[3]).toContain('falls below 3 USDT');
    expect(texts[4]).toContain('must reach 100 USDT');
    expect(texts.join(' ')).not.toMatch(/{{|}}/);
  });

  it('reads in Arabic with the same limits', async () => {
    await loadTexts('en_US');
    await changeLanguage('ar_EG');
    const screen = await renderScreen(<RulesScreen kind="experience" />);
    const texts = rules(screen.container);
    expect(texts[1]).toContain('3 USDT');
    expect(texts[4]).toContain('100 USDT');
    expect(texts.join(' ').replace(/USDT/g, '')).not.toMatch(/[A-Za-z]{2,}/);
  });
});

describe('/SpecialInviteRule', () => {
  it('says that continuing into a third-party game makes the account a normal one for good', async () => {
    await changeLanguage('en_US');
    const screen = await renderScreen(<RulesScreen kind="specialInvite" />);
    expect(screen.byTestId('screen-title')!.textContent).toBe('Special invite rules');
    const texts = rules(screen.container);
    expect(texts).toHaveLength(4);
    expect(texts[1]).toContain('default auto-bet rules');
    expect(texts[3]).toContain('becomes a normal account for good');
  });
});
