import type { HashKind } from '@lobby/hash-games';
import { tailSegments } from './hashDisplay';

interface HashTailProps {
  kind: HashKind;
  blockId: string;
  /** Characters shown from the end; 64 shows the whole block id. */
  length?: number;
  className?: string;
  testId?: string;
}

/**
 * The end of a block id with the characters that decide the result marked: the deciding digit (the
 * letters skipped after it dimmed), or the banker and player hands. Always left to right, as hex is.
 */
export function HashTail({ kind, blockId, length = 10, className, testId }: HashTailProps) {
  const segments = tailSegments(kind, blockId, length);
  const cut = segments.reduce((n, s) => n + s.text.length, 0) < blockId.length;
  return (
    <code className={['hash-tail', className].filter(Boolean).join(' ')} dir="ltr" data-testid={testId}>
      {cut && <span className="hash-tail__more">…</span>}
      {segments.map((segment, i) => (
        <span key={i} className={`hash-tail__${segment.role}`} data-role={segment.role}>
          {segment.text}
        </span>
      ))}
    </code>
  );
}
