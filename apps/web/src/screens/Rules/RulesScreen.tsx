import { EXPERIENCE_USE_LIMIT_USDT, EXPERIENCE_WITHDRAW_FROM_USDT } from '@lobby/contract';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';
import { Screen } from '../../components/Screen';

const EXPERIENCE_RULES = ['one', 'two', 'three', 'four', 'five', 'six'] as const;
const SPECIAL_INVITE_RULES = ['one', 'two', 'three', 'four'] as const;

/** The rules of the two special account types (ECONOMY.md's reading of SPEC sections 5 and 6), with the limits read from the contract. */
export default function RulesScreen({ kind }: { kind: 'experience' | 'specialInvite' }) {
  const { t } = useTranslation();
  const limits = { limit: EXPERIENCE_USE_LIMIT_USDT, from: EXPERIENCE_WITHDRAW_FROM_USDT };
  const items =
    kind === 'experience' ? EXPERIENCE_RULES.map((key) => t(`rules.experience.${key}`, limits)) : SPECIAL_INVITE_RULES.map((key) => t(`rules.special.${key}`));
  return (
    <Screen
      title={t(kind === 'experience' ? 'rules.experience.title' : 'rules.special.title')}
      testId={kind === 'experience' ? 'experience-rule' : 'special-invite-rule'}
      backHref="/userProfile"
    >
      <ol className="rules">
        {items.map((text, i) => (
          <li key={i} data-testid="rule">
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
