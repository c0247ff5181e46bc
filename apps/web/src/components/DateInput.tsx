import { dayPattern, formatDay } from '../lib/format';
import { useSettings } from '../state/settings';

interface DateInputProps {
  value: string;
  onValueChange(value: string): void;
  min?: string;
  max?: string;
  testId?: string;
  label?: string;
}

/**
 * A day picker that writes the day the way the app's language does. The browser's date field shows
 * its own language's format (mm/dd/yyyy in an English browser, even for a player reading Arabic), so
 * its text is hidden under the app's: the native field stays for the picker, the keyboard and
 * assistive technology.
 */
export function DateInput({ value, onValueChange, min, max, testId, label }: DateInputProps) {
  const language = useSettings((s) => s.language);
  return (
    <span className="day-input">
      <input type="date" value={value} min={min} max={max} aria-label={label} onChange={(e) => onValueChange(e.target.value)} data-testid={testId} />
      <span className={value ? 'day-input__shown' : 'day-input__shown day-input__shown--empty'} aria-hidden="true" data-testid={testId && `${testId}-shown`}>
        {value ? formatDay(value, { language }) : dayPattern({ language })}
      </span>
    </span>
  );
}
