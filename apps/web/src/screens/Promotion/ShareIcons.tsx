import type { ReactElement } from 'react';
import type { ShareTarget } from './share';

/** Simplified marks of the share targets, drawn in the current colour so they follow the theme. */
const MARKS: Record<ShareTarget, ReactElement> = {
  telegram: <path d="M21 4 3 11l6 2 2 6 3-4 5 4 2-15ZM9 13l10-7-8 9" fill="none" strokeLinejoin="round" />,
  whatsapp: (
    <>
      <path d="M4 20l1.3-4A8 8 0 1 1 8 18.7Z" fill="none" strokeLinejoin="round" />
      <path d="M9 8.5c0 3.5 3 6.5 6.5 6.5l1-1.6-2-1-1 1a4 4 0 0 1-2.4-2.4l1-1-1-2Z" fill="currentColor" stroke="none" />
    </>
  ),
  twitter: <path d="M5 4l14 16M19 4 5 20" fill="none" strokeLinecap="round" />,
  instagram: (
    <>
      <rect x="4" y="4" width="16" height="16" rx="5" fill="none" />
      <circle cx="12" cy="12" r="3.6" fill="none" />
      <circle cx="16.8" cy="7.2" r="1" fill="currentColor" stroke="none" />
    </>
  ),
  facebook: (
    <path d="M14 21v-8h3l.5-3H14V8.3c0-.9.4-1.5 1.6-1.5H18V4.2A20 20 0 0 0 15 4c-2.6 0-4.2 1.6-4.2 4.4V10H8v3h2.8v8" fill="none" strokeLinejoin="round" />
  ),
  line: (
    <>
      <path d="M12 4c-4.7 0-8.5 3-8.5 6.8 0 3.4 3 6.2 7 6.7l.6 2.5 2.6-2.6c3.7-.8 6.8-3.4 6.8-6.6C20.5 7 16.7 4 12 4Z" fill="none" strokeLinejoin="round" />
      <path d="M7.5 9v3.4h1.8M11 9v3.4M13 12.4V9l2.4 3.4V9M18 9h-1.4v3.4H18M16.6 10.7H18" fill="none" strokeWidth="1.2" strokeLinecap="round" />
    </>
  ),
};

export function ShareIcon({ target }: { target: ShareTarget }) {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
      {MARKS[target]}
    </svg>
  );
}
