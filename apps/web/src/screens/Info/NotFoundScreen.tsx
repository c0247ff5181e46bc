import { useIonRouter } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Screen } from '../../components/Screen';

export default function NotFoundScreen() {
  const { t } = useTranslation();
  const router = useIonRouter();
  return (
    <Screen title={t('notFound.title')} testId="not-found">
      <EmptyState
        icon="help"
        title={t('notFound.title')}
        text={t('notFound.text')}
        action={
          <Button onClick={() => router.navigateRoot('/home')} data-testid="not-found-home">
            {t('notFound.home')}
          </Button>
        }
      />
    </Screen>
  );
}
