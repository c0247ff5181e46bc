import type { SVGProps } from 'react';

/**
 * The app's icon set, drawn on a 24-unit grid with strokes in currentColor so every icon follows the
 * theme and the text colour around it. Shipped as paths: no icon font, no extra request.
 */
const PATHS = {
  home: 'M3 11.5 12 4l9 7.5M5.5 9.5V20h5v-5.5h3V20h5V9.5',
  hash: 'M10 3 8 21M16 3l-2 18M4 8.5h17M3 15.5h17',
  crypto: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm-2.5 5h4.2a2 2 0 0 1 0 4H9.5m0 0h4.7a2 2 0 0 1 0 4H9.5M9.5 8v8M11 6.5V8m0 8v1.5',
  slot: 'M4 5h16v14H4zM8 5v14M16 5v14M5.5 10.5l1 .5M11 10.5h2l-1.2 3.5M17.5 10.5h1.5l-1 3.5',
  fish: 'M3 12c2.5-4 6-6 10-6 3.5 0 6 2 8 6-2 4-4.5 6-8 6-4 0-7.5-2-10-6Zm0 0-1-3m1 3-1 3M16 10.5v.01',
  live: 'M4 6h16v11H4zM9 21h6M12 17v4M10 9.5v4l3.5-2z',
  poker: 'M12 3c2.5 3.5 7 5.5 7 9a3.5 3.5 0 0 1-6 2.4l.8 3.6h-3.6l.8-3.6A3.5 3.5 0 0 1 5 12c0-3.5 4.5-5.5 7-9Z',
  sport: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm0 4.5 3.3 2.4-1.3 3.9h-4l-1.3-3.9zM12 3v4.5m3.3 2.4 5-1.4m-6.3 5.3 2.8 4.2M10 13.8l-2.8 4.2M8.7 9.9l-5-1.4',
  menu: 'M4 6.5h16M4 12h16M4 17.5h10',
  gift: 'M4 10h16v4H4zM5.5 14h13v6h-13zM12 10v10M12 10c-1-3-5.5-4-5.5-1.5S10 10 12 10Zm0 0c1-3 5.5-4 5.5-1.5S14 10 12 10Z',
  user: 'M12 12.5a4 4 0 1 0 0-8 4 4 0 0 0 0 8ZM4.5 20.5c1-3.7 4-5.5 7.5-5.5s6.5 1.8 7.5 5.5',
  wallet: 'M4 7.5A2.5 2.5 0 0 1 6.5 5H18v3M4 7.5V18a2 2 0 0 0 2 2h14V8H6.5A2.5 2.5 0 0 1 4 7.5ZM16 14h.01',
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14Zm5-2 4.5 4.5',
  copy: 'M9 9h11v11H9zM5 15H4V4h11v1',
  chevronRight: 'm9 5 7 7-7 7',
  chevronDown: 'm6 9 6 6 6-6',
  back: 'M15 5 8 12l7 7',
  check: 'm5 12.5 4.5 4.5L19 7.5',
  close: 'M6 6l12 12M18 6 6 18',
  globe: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm-9 9h18M12 3c2.5 2.6 3.7 5.6 3.7 9s-1.2 6.4-3.7 9c-2.5-2.6-3.7-5.6-3.7-9S9.5 5.6 12 3Z',
  moon: 'M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5Z',
  sun: 'M12 16.5a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9ZM12 2.5v2M12 19.5v2M2.5 12h2M19.5 12h2M5.3 5.3l1.4 1.4M17.3 17.3l1.4 1.4M5.3 18.7l1.4-1.4M17.3 6.7l1.4-1.4',
  logout: 'M14 4h5v16h-5M10 16l-4-4 4-4M6 12h10',
  service: 'M5 13v-1a7 7 0 0 1 14 0v1M5 13h2.5v5H5zM16.5 13H19v5h-2.5zM19 18c0 1.5-2 2.5-5 2.5',
  vip: 'M4 8l4 4 4-7 4 7 4-4-2 10H6z',
  bell: 'M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15zM10 20.5h4',
  lock: 'M6 11h12v9H6zM8.5 11V8a3.5 3.5 0 1 1 7 0v3M12 14.5v2',
  shield: 'M12 3 5 6v5.5c0 4.5 3 8 7 9.5 4-1.5 7-5 7-9.5V6zM9 12l2 2 4-4',
  record: 'M6 3.5h12v17H6zM9 8h6M9 12h6M9 16h4',
  promotion: 'M4 10v4h3l6 4V6L7 10zM16.5 9a4 4 0 0 1 0 6M19 6.5a7.5 7.5 0 0 1 0 11',
  download: 'M12 4v11m-4.5-4.5L12 15l4.5-4.5M5 19.5h14',
  help: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm-2.5 7a2.5 2.5 0 1 1 3.6 2.3c-.7.3-1.1.9-1.1 1.7v.5M12 17.5v.01',
  fire: 'M12 21c-3.6 0-6-2.5-6-5.7 0-3.8 3.5-5.3 3.5-9.3 2.3 1.2 3.6 3.2 3.8 5.3 1-.6 1.6-1.7 1.8-2.8 1.7 1.5 2.9 3.9 2.9 6.5 0 3.4-2.4 6-6 6Z',
  plus: 'M12 5v14M5 12h14',
  eye: 'M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12Zm9.5 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z',
  eyeOff:
    'M4 4l16 16M10.6 6.1c.5-.1.9-.1 1.4-.1 6 0 9.5 6 9.5 6a17 17 0 0 1-2.6 3.4M6.6 6.8A16.6 16.6 0 0 0 2.5 12S6 18 12 18c1.6 0 3-.4 4.3-1M9.9 9.9a3 3 0 0 0 4.2 4.2',
  recharge: 'M12 3v12m-4-4 4 4 4-4M4.5 15.5V20h15v-4.5',
  withdraw: 'M12 15V3m-4 4 4-4 4 4M4.5 15.5V20h15v-4.5',
  exchange: 'M5 8.5h13l-3.5-3.5M19 15.5H6l3.5 3.5',
  mail: 'M3.5 6h17v12h-17zM4 6.5l8 6 8-6',
  chat: 'M4 5h16v11H9l-5 4z',
  book: 'M5 4.5h6a2 2 0 0 1 2 2V20a2 2 0 0 0-2-2H5zM19 4.5h-6a2 2 0 0 0-2 2V20a2 2 0 0 1 2-2h6z',
  team: 'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7ZM2.5 20c.7-3.2 3.2-5 6.5-5s5.8 1.8 6.5 5M16 4.3a3.5 3.5 0 0 1 0 6.4M18 15.3c1.8.7 3 2.3 3.5 4.7',
  refund: 'M4 12a8 8 0 1 0 2.3-5.6M4 4v4h4M12 8v8M9.5 10.5h4a1.5 1.5 0 0 1 0 3h-3a1.5 1.5 0 0 0 0 3h4',
  chart: 'M4 20h16M7 16v-5M12 16V7M17 16v-8',
  card: 'M3 6h18v12H3zM3 10h18M7 14.5h3',
  tron: 'M4 5l15 3-8 12zM4 5l7 15M19 8l-8 3.5L4 5',
  heart: 'M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7a4.3 4.3 0 0 1 7.5 2.8C19.5 15.4 12 20 12 20Z',
  clock: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm0 4.5V12l3.2 2',
  expand: 'M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5',
  shrink: 'M9 4v5H4M20 9h-5V4M15 20v-5h5M4 15h5v5',
  star: 'm12 3.5 2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z',
} as const;

export type IconName = keyof typeof PATHS;

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'name'> {
  name: IconName;
  size?: number | string;
  strokeWidth?: number;
}

export function Icon({ name, size = '1em', strokeWidth = 1.8, className, ...rest }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={['icon', className].filter(Boolean).join(' ')}
      {...rest}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}

/** Category icons, keyed by category. */
export const CATEGORY_ICONS: Record<string, IconName> = {
  home: 'home',
  hash: 'hash',
  crypto: 'crypto',
  slot: 'slot',
  fish: 'fish',
  live: 'live',
  poker: 'poker',
  sport: 'sport',
};
