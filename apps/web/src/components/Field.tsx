import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { Icon, type IconName } from './Icon';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label?: string;
  icon?: IconName;
  error?: string;
  /** Rendered at the end of the input row (a send-code button, a unit). */
  addon?: ReactNode;
  onValueChange(value: string): void;
}

/** Text input with label, leading icon, inline error and, for passwords, a show/hide toggle. */
export function Field({ label, icon, error, addon, type = 'text', onValueChange, className, id, ...rest }: FieldProps) {
  const autoId = useId();
  const inputId = id ?? `field-${autoId.replace(/[^\w-]/g, '')}`;
  const [reveal, setReveal] = useState(false);
  const isPassword = type === 'password';
  return (
    <div className={['field', error ? 'has-error' : '', className].filter(Boolean).join(' ')}>
      {label && (
        <label className="field__label" htmlFor={inputId}>
          {label}
        </label>
      )}
      <div className="field__row">
        {icon && <Icon name={icon} className="field__icon" />}
        <input
          id={inputId}
          className="field__input"
          type={isPassword && reveal ? 'text' : type}
          onChange={(e) => onValueChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          {...rest}
        />
        {isPassword && (
          <button
            type="button"
            className="field__reveal"
            onClick={() => setReveal((r) => !r)}
            aria-pressed={reveal}
            aria-label={reveal ? 'hide' : 'show'}
            tabIndex={-1}
          >
            <Icon name={reveal ? 'eye' : 'eyeOff'} />
          </button>
        )}
        {addon}
      </div>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

interface SelectProps {
  value: string;
  options: { value: string; label: string }[];
  onValueChange(value: string): void;
  label: string;
  testId?: string;
}

/** Native select, styled: the phone's own picker is the best one on every platform. */
export function Select({ value, options, onValueChange, label, testId }: SelectProps) {
  return (
    <label className="select">
      <span className="visually-hidden">{label}</span>
      <select value={value} onChange={(e) => onValueChange(e.target.value)} data-testid={testId} aria-label={label}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Icon name="chevronDown" className="select__chevron" />
    </label>
  );
}

interface SegmentedProps<T extends string | number> {
  value: T;
  options: { value: T; label: string; testId?: string }[];
  onValueChange(value: T): void;
  className?: string;
  label?: string;
}

export function Segmented<T extends string | number>({ value, options, onValueChange, className, label }: SegmentedProps<T>) {
  return (
    <div className={['segmented', className].filter(Boolean).join(' ')} role="tablist" aria-label={label}>
      {options.map((o) => (
        <button
          key={String(o.value)}
          type="button"
          role="tab"
          aria-selected={o.value === value}
          className={['segmented__item', o.value === value ? 'is-active' : ''].filter(Boolean).join(' ')}
          onClick={() => onValueChange(o.value)}
          data-testid={o.testId}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
