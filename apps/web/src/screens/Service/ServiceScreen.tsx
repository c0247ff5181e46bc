import { useIonRouter } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import type { IconName } from '../../components/Icon';
import { ListGroup, ListRow } from '../../components/ListRow';
import { Screen } from '../../components/Screen';
import { useCustomerService } from '../../state/queries/customerService';

const KIND_ICONS: Record<string, IconName> = {
  online: 'service',
  whatsapp: 'chat',
  telegram: 'chat',
  official: 'globe',
  skype: 'chat',
};

/** The kind beside the name only when it adds something: "WhatsApp" needs no "WhatsApp" after it. */
export function kindBesideName(name: string, kind: string): string | undefined {
  const fold = (text: string) => text.trim().toLocaleLowerCase();
  return fold(name).includes(fold(kind)) ? undefined : kind;
}

/** A path of the app ("/chat", the online support) opens in the app; anything else is an outside link. */
export function isInAppLink(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

export default function ServiceScreen() {
  const { t } = useTranslation();
  const router = useIonRouter();
  const { data, isPending } = useCustomerService();
  const entries = data ?? [];
  return (
    <Screen title={t('screens.service')} testId="service" backHref="/menu">
      {!isPending && entries.length === 0 ? (
        <EmptyState icon="service" title={t('service.none')} text={t('service.noneText')} />
      ) : (
        <ListGroup title={t('service.lead')}>
          {entries.map((entry) => (
            <ListRow
              key={`${entry.kind}-${entry.url}`}
              icon={KIND_ICONS[entry.kind] ?? 'service'}
              label={entry.name}
              value={kindBesideName(entry.name, t(`service.kind.${entry.kind}`))}
              onClick={() => (isInAppLink(entry.url) ? router.push(entry.url) : window.open(entry.url, '_blank', 'noopener'))}
              testId={`service-${entry.kind}`}
            />
          ))}
        </ListGroup>
      )}
    </Screen>
  );
}
