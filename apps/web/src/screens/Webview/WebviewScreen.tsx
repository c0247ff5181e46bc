import { useIonRouter } from '@ionic/react';
import { ErrorCode } from '@lobby/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api';
import { catalogueMessage } from '../../api/catalogue';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Screen } from '../../components/Screen';
import { gameName } from '../../lib/games';
import { useEnterThirdGame } from '../../state/queries/thirdGame';
import { useSettings } from '../../state/settings';
import { showActivityPopup } from '../../state/ui';
import { readThirdGame } from './thirdGame';

export default function WebviewScreen() {
  const { t } = useTranslation();
  const router = useIonRouter();
  const language = useSettings((s) => s.language);
  const [game] = useState(readThirdGame);
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const enter = useEnterThirdGame();

  useEffect(() => {
    if (!game) return;
    const controller = new AbortController();
    enter(game, language, controller.signal)
      .then((reply) => setUrl(reply.url))
      .catch(async (error: unknown) => {
        if (controller.signal.aborted) return;
        setFailed(true);
        if (error instanceof ApiError && error.code === ErrorCode.FIRST_RECHARGE_REQUIRED) {
          await showActivityPopup({
            title: t('game.rechargeTitle'),
            message: await catalogueMessage(error.code, language, error.message),
            button: t('game.rechargeNow'),
            testId: 'first-recharge-popup',
          });
          router.push('/trade/Recharge', 'forward', 'replace');
        } else if (error instanceof ApiError && !error.handled && error.code !== undefined) {
          // Other enter-game failures show the text for their code (SPEC section 8).
          await showActivityPopup({ message: await catalogueMessage(error.code, language, error.message), button: t('common.ok') });
        }
      });
    return () => controller.abort();
  }, [enter, game, language, router, t]);

  const title = game ? gameName(game, language) : t('screens.webview');

  return (
    <Screen title={title} testId="webview" className="webview-content">
      {url ? (
        <iframe className="webview-frame" src={url} title={title} allow="autoplay; fullscreen" data-testid="webview-frame" />
      ) : !game || failed ? (
        <EmptyState
          icon="slot"
          title={t('game.unavailable')}
          text={t('game.unavailableText')}
          action={
            <Button onClick={() => router.navigateRoot('/home')} data-testid="webview-home">
              {t('notFound.home')}
            </Button>
          }
        />
      ) : null}
    </Screen>
  );
}
