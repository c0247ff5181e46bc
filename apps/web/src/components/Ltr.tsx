import type { ReactNode } from 'react';
import './cards.css';

/** Amounts and addresses read left to right in every language. */
export function Ltr({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <bdi dir="ltr" className={className}>
      {children}
    </bdi>
  );
}
