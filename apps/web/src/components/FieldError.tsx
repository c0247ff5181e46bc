import './cards.css';

/** What is wrong with the field above it; nothing when nothing is. */
export function FieldError({ text, testId }: { text?: string; testId?: string }) {
  if (!text) return null;
  return (
    <p className="field__error trade-field-error" role="alert" data-testid={testId}>
      {text}
    </p>
  );
}
