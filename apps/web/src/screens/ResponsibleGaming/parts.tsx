import type { ReactNode } from 'react';
import { Icon, type IconName } from '../../components/Icon';
import { Pressable } from '../../components/Pressable';
import '../../components/cards.css';
import './responsibleGaming.css';

/** A card of the page: an icon, a title, a hint under it. */
export function Section({
  title,
  hint,
  icon,
  children,
  testId,
  className,
}: {
  title: string;
  hint?: string;
  icon: IconName;
  children: ReactNode;
  testId: string;
  className?: string;
}) {
  return (
    <section className={['trade-card rg-section', className].filter(Boolean).join(' ')} data-testid={testId}>
      <h2 className="rg-section__title">
        <span className="rg-section__icon">
          <Icon name={icon} />
        </span>
        {title}
      </h2>
      {hint && <p className="trade-hint">{hint}</p>}
      {children}
    </section>
  );
}

/** One choice of a few, as the app's segmented switch. */
export function Segmented<T extends string | number>({
  options,
  value,
  onChange,
  label,
  testId,
}: {
  options: readonly { value: T; label: string }[];
  value: T | undefined;
  onChange(value: NoInfer<T>): void;
  label: string;
  testId: string;
}) {
  return (
    <div className="segmented rg-segmented" role="radiogroup" aria-label={label}>
      {options.map((option) => (
        <Pressable
          key={option.value}
          role="radio"
          aria-checked={value === option.value}
          className={['segmented__item', value === option.value ? 'is-active' : ''].filter(Boolean).join(' ')}
          onClick={() => onChange(option.value)}
          data-testid={`${testId}-${option.value}`}
        >
          {option.label}
        </Pressable>
      ))}
    </div>
  );
}
