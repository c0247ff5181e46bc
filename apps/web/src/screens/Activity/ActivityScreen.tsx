import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { ListGroup, ListRow } from '../../components/ListRow';
import { Screen } from '../../components/Screen';

export default function ActivityScreen() {
  const { t } = useTranslation();
  return (
    <Screen title={t('tabs.activity')} testId="activity" root>
      <EmptyState icon="gift" title={t('empty.activities.title')} text={t('empty.activities.text')} />
      <ListGroup>
        <ListRow icon="gift" label={t('screens.activityBonus')} to="/activity/activityBonus" testId="activity-bonus" />
        <ListRow icon="record" label={t('screens.bonusRecord')} to="/bonusRecord" testId="activity-bonus-record" />
      </ListGroup>
    </Screen>
  );
}
