import { AVATAR_COUNT } from '@lobby/contract';
import { useId } from 'react';

/**
 * Avatars 01..20, drawn in the app: five card suits on four palettes. Generated rather than shipped as
 * pictures so they are crisp at every size and cost no requests.
 */
const PALETTES = [
  ['#7c5cff', '#3b2a9e'],
  ['#ff8a3d', '#c2331f'],
  ['#19c2a0', '#0d6e6e'],
  ['#f7c948', '#b7791f'],
] as const;

const GLYPHS = [
  // spade
  'M32 14c5 7 14 11 14 18a7 7 0 0 1-12 4.8l1.6 7.2h-7.2l1.6-7.2A7 7 0 0 1 18 32c0-7 9-11 14-18Z',
  // heart
  'M32 46S17 37 17 26.5A7.5 7.5 0 0 1 32 22a7.5 7.5 0 0 1 15 4.5C47 37 32 46 32 46Z',
  // diamond
  'M32 14 45 32 32 50 19 32Z',
  // club
  'M32 13a7 7 0 0 1 6.6 9.3A7 7 0 1 1 35 35.6l1.6 8.4h-9.2l1.6-8.4a7 7 0 1 1-3.6-13.3A7 7 0 0 1 32 13Z',
  // star
  'm32 14 5.3 10.9 12 1.7-8.7 8.5 2 12-10.6-5.7-10.6 5.7 2-12-8.7-8.5 12-1.7z',
] as const;

export const AVATAR_IDS = Array.from({ length: AVATAR_COUNT }, (_, i) => String(i + 1).padStart(2, '0'));

export function avatarParts(id: string | null | undefined) {
  const n = Math.min(Math.max(Number.parseInt(id ?? '1', 10) || 1, 1), AVATAR_COUNT) - 1;
  return { palette: PALETTES[Math.floor(n / GLYPHS.length) % PALETTES.length], glyph: GLYPHS[n % GLYPHS.length], n };
}

interface AvatarProps {
  id: string | null | undefined;
  size?: number | string;
  className?: string;
}

export function Avatar({ id, size = '1em', className }: AvatarProps) {
  const { palette, glyph, n } = avatarParts(id);
  const gradient = `avatar-${useId().replace(/[^\w-]/g, '')}`;
  return (
    <svg
      viewBox="0 0 64 64"
      width={size}
      height={size}
      className={['avatar', className].filter(Boolean).join(' ')}
      role="img"
      aria-label={String(n + 1).padStart(2, '0')}
    >
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={palette[0]} />
          <stop offset="1" stopColor={palette[1]} />
        </linearGradient>
      </defs>
      <circle cx="32" cy="32" r="32" fill={`url(#${gradient})`} />
      <circle cx="32" cy="32" r="25" fill="none" stroke="rgba(255,255,255,0.35)" strokeWidth="2.5" strokeDasharray="6 5" />
      <path d={glyph} fill="rgba(255,255,255,0.92)" />
    </svg>
  );
}
