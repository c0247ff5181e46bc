import { EXPERIENCE_USE_LIMIT_USDT, EXPERIENCE_WITHDRAW_FROM_USDT } from '@lobby/contract';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';
import { Screen } from '../../components/Screen';

/** The rules of the two special account types, with the limits read from the contract. */
export default function RulesScreen({ kind }: { kind: 'experience' | 'specialInvite' }) {
  const { t } = useTranslation();
  const items =
    kind === 'experience'
      ? [
          t('rules.experience.one'),
          t('rules.experience.two', { limit: EXPERIENCE_USE_LIMIT_USDT }),
          t('rules.experience.three', { limit: EXPERIENCE_USE_LIMIT_USDT, from: EXPERIENCE_WITHDRAW_FROM_USDT }),
          t('rules.experience.four'),
        ]
      : [t('rules.special.one'), t('rules.special.two'), t('rules.special.three')];
  return (
    <Screen
      title={t(kind === 'experience' ? 'rules.experience.title' : 'rules.special.title')}
      testId={kind === 'experience' ? 'experience-rule' : 'special-invite-rule'}
      backHref="/userProfile"
    >
      <ol className="rules">
        {items.map((text, i) => (
          <li key={i}>
            <span className="rules__num">
              <Icon name="check" strokeWidth={2.6} />
            </span>
            <p>{text}</p>
          </li>
        ))}
      </ol>
    </Screen>
  );
}
