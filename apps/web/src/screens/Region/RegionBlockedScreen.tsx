import { BrandMark } from '../../components/BrandLogo';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { Pressable } from '../../components/Pressable';
import { useNamespaceT } from '../../i18n/useNamespaceT';
import { localeTag } from '../../lib/format';
import { navigateTo } from '../../lib/navigation';
import { useRegion } from '../../state/region';
import { useSession } from '../../state/session';
import { useSettings } from '../../state/settings';
import './region.css';

/** The country's name in the player's language, as the browser knows it; the code if it does not. */
function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([localeTag(language)], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * "Not available in your region" (PROTECTION.md "Jurisdictions"): over the whole app while the
 * operator refuses the region the app connects from. It says so plainly, with no advice on getting
 * round it. A signed-in player can still withdraw what they hold; anyone can reach support and the
 * language settings.
 */
export default function RegionBlockedScreen() {
  const { t } = useNamespaceT('region');
  const country = useRegion((s) => s.country);
  const signedIn = useSession((s) => s.token !== null);
  const language = useSettings((s) => s.language);
  return (
    <div className="region-blocked" role="dialog" aria-modal="true" aria-labelledby="region-blocked-title" data-testid="region-blocked">
      <div className="region-blocked__card">
        <div className="region-blocked__mark" aria-hidden="true">
          <BrandMark size="0.96rem" />
          <span className="region-blocked__globe">
            <Icon name="globe" />
          </span>
        </div>
        <h1 className="region-blocked__title" id="region-blocked-title">
          {t('title')}
        </h1>
        <p className="region-blocked__text">{t('body')}</p>
        {country && (
          <p className="region-blocked__country" data-testid="region-blocked-country">
            {t('detected', { country: countryName(country, language) })}
          </p>
        )}
        <p className="region-blocked__note">{signedIn ? t('withdrawNote') : t('supportNote')}</p>
        <div className="region-blocked__actions">
          {signedIn && (
            <Button block onClick={() => navigateTo('/trade/Withdraw')} data-testid="region-blocked-withdraw">
              {t('withdraw')}
            </Button>
          )}
          <Button block variant={signedIn ? 'secondary' : 'primary'} onClick={() => navigateTo('/detail/service')} data-testid="region-blocked-support">
            {t('support')}
          </Button>
        </div>
        <Pressable className="text-link region-blocked__language" onClick={() => navigateTo('/detail/setLang')} data-testid="region-blocked-language">
          <Icon name="globe" /> {t('language')}
        </Pressable>
      </div>
    </div>
  );
}
