import { useState } from 'react';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { isIos, isNativeShell, isStandalone, promptInstall, usePwa } from '../../lib/pwa';
import { useAppDownload } from '../../state/queries/appLinks';
import { useSettings } from '../../state/settings';
import { useHelpDoc } from './content';
import { HelpArticle, HelpPage } from './HelpPage';
import { useHelpT } from './useHelpT';

/**
 * What this device can do to install the app: the browser's own install dialog where it offers one,
 * Safari's Add to Home Screen on iPhone and iPad, the operator's Android package and App Store page.
 */
function InstallOffers() {
  const { t } = useHelpT();
  const installEvent = usePwa((s) => s.installEvent);
  const installed = usePwa((s) => s.installed);
  const { app } = useAppDownload();
  const [busy, setBusy] = useState(false);
  const ios = isIos();
  const standalone = isStandalone();

  const install = async () => {
    setBusy(true);
    try {
      await promptInstall();
    } finally {
      setBusy(false);
    }
  };

  let status: string;
  if (isNativeShell()) status = t('apps.native');
  else if (standalone || installed) status = t('apps.installed');
  else if (installEvent) status = t('apps.ready');
  else if (ios) status = t('apps.ios');
  else status = t('apps.browserMenu');

  return (
    <section className="help-card app-offer" data-testid="app-offers">
      <div className="app-offer__head">
        <img className="app-offer__icon" src="/icons/icon-192.png" alt="" width={56} height={56} />
        <div>
          <h3 className="help-card__title">{t('apps.title')}</h3>
          <p className="app-offer__status" data-testid="app-install-status">
            {status}
          </p>
        </div>
      </div>
      <div className="app-offer__actions">
        {installEvent && !standalone && (
          <Button block busy={busy} onClick={() => void install()} data-testid="app-install">
            <Icon name="download" /> {t('apps.install')}
          </Button>
        )}
        {!isNativeShell() && app.androidApkUrl && (
          <a
            className={`btn btn--${installEvent ? 'secondary' : 'primary'} btn--block app-offer__link`}
            href={app.androidApkUrl}
            download
            data-testid="app-apk"
          >
            <Icon name="download" /> {t('apps.apk')}
            {app.androidVersion && <span className="app-offer__version">{t('apps.version', { version: app.androidVersion })}</span>}
          </a>
        )}
        {app.iosAppUrl && !isNativeShell() && (
          <a className="btn btn--secondary btn--block app-offer__link" href={app.iosAppUrl} target="_blank" rel="noopener noreferrer" data-testid="app-ios">
            {t('apps.appStore')}
          </a>
        )}
      </div>
      {/* Without a published package the page says so on every device, and the web app is the way in. */}
      {!isNativeShell() && !app.androidApkUrl && (
        <p className="app-offer__note" data-testid="app-apk-none">
          {t('apps.noApk')}
        </p>
      )}
      {ios && !standalone && !isNativeShell() && (
        <ol className="app-offer__steps" data-testid="app-ios-steps" aria-label={t('apps.ios')}>
          <li>{t('apps.iosStep1')}</li>
          <li>{t('apps.iosStep2')}</li>
          <li>{t('apps.iosStep3')}</li>
        </ol>
      )}
    </section>
  );
}

/**
 * /appDownload: install offers, then the steps for each platform. /relAppDownload leads with the
 * wallet apps a player needs beside ours, then offers ours.
 */
export default function AppDownloadScreen({ related }: { related?: boolean }) {
  const language = useSettings((s) => s.language);
  const steps = useHelpDoc('app-install', language);
  if (!related) return <HelpPage topic="app-install" backHref="/menu" extra={<InstallOffers />} extraFirst />;
  return (
    <HelpPage
      topic="wallets"
      backHref="/menu"
      after={
        <>
          <InstallOffers />
          {steps.status === 'ready' && <HelpArticle doc={steps.value} testId="help-app-install" showTitle />}
        </>
      }
    />
  );
}
