import { EmptyState } from '../../components/EmptyState';
import { Icon } from '../../components/Icon';
import { useBuyCryptoLinks } from '../../state/queries/appLinks';
import { HelpPage } from './HelpPage';
import { useHelpT } from './useHelpT';

/** The exchanges the operator lists in the site configuration, as links out of the app. */
function ConfiguredExchanges() {
  const { t } = useHelpT();
  const { links, isPending } = useBuyCryptoLinks();
  if (isPending) return null;
  if (!links.length) {
    return <EmptyState icon="crypto" title={t('buy.noneTitle')} text={t('buy.noneText')} testId="buy-crypto-none" />;
  }
  return (
    <section className="help-links" data-testid="buy-crypto-links" aria-label={t('buy.links')}>
      <h3 className="list-group__title">{t('buy.links')}</h3>
      {links.map((link) => (
        <a key={link.url} className="help-links__item" href={link.url} target="_blank" rel="noopener noreferrer" data-testid="buy-crypto-link">
          <span className="help-links__icon">
            <Icon name="crypto" />
          </span>
          <span className="help-links__text">
            <span className="help-links__name">{link.name}</span>
            <span className="help-links__host">
              <bdi>{link.note ?? new URL(link.url, window.location.href).host}</bdi>
            </span>
          </span>
          <Icon name="chevronRight" className="flip-rtl" />
        </a>
      ))}
    </section>
  );
}

export default function BuyCryptoScreen() {
  return <HelpPage topic="buy-crypto" backHref="/walletShow" extra={<ConfiguredExchanges />} />;
}
