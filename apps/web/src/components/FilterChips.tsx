import { Pressable } from './Pressable';
import './filterChips.css';

export interface FilterChip<T> {
  value: T;
  label: string;
  testId: string;
}

interface FilterChipsProps<T> {
  /** What the chips filter, for screen readers. */
  label: string;
  chips: readonly FilterChip<T>[];
  value: T;
  onChange(value: T): void;
  /** The screen's own class for the row (its margins). */
  className?: string;
}

/** One choice among a few filters of a list, as tabs: a row of chips that scrolls sideways when it does not fit. */
export function FilterChips<T>({ label, chips, value, onChange, className }: FilterChipsProps<T>) {
  return (
    <div className={['chip-row', className].filter(Boolean).join(' ')} role="tablist" aria-label={label}>
      {chips.map((chip) => (
        <Pressable
          key={chip.testId}
          type="button"
          role="tab"
          aria-selected={value === chip.value}
          className={['filter-chip', value === chip.value ? 'is-active' : ''].filter(Boolean).join(' ')}
          onClick={() => onChange(chip.value)}
          data-testid={chip.testId}
        >
          {chip.label}
        </Pressable>
      ))}
    </div>
  );
}
