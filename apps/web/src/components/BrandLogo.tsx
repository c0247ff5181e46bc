import { useId } from 'react';

export function BrandMark({ size = '1em' }: { size?: number | string }) {
  const gradient = `brand-${useId().replace(/[^\w-]/g, '')}`;
  return (
    <svg viewBox="0 0 64 64" width={size} height={size} aria-hidden="true">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#f7c948" />
          <stop offset="1" stopColor="#ff8a3d" />
        </linearGradient>
      </defs>
      <rect x="4" y="4" width="56" height="56" rx="16" fill={`url(#${gradient})`} />
      <path d="M24 16l-4 32M44 16l-4 32M16 26h34M14 38h34" stroke="#1a1033" strokeWidth="5" strokeLinecap="round" />
    </svg>
  );
}

/** The brand name is a word mark and stays the same in every language. */
export function BrandLogo() {
  return (
    <span className="brand-logo" data-testid="brand-logo">
      <BrandMark size="0.56rem" />
      <span className="brand-logo__word">
        Hash<b>Lobby</b>
      </span>
    </span>
  );
}
