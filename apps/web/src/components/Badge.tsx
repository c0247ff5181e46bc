import { useId } from 'react';
import { isChinese } from '../lib/games';

/**
 * Hot and new badges for game tiles. Chinese readers get their own artwork ("火爆", "新"), everyone else
 * the Latin one, as the spec asks for separate images. The characters chosen read the same in
 * simplified and traditional Chinese. The text takes the page's fonts, shipped Chinese faces included,
 * so a device without Chinese fonts still shows the characters.
 */
interface BadgeProps {
  kind: 'hot' | 'new';
  language: string;
}

const ART = {
  hot: { from: '#ff3d6e', to: '#ff9a3d', zh: '火爆', other: 'HOT' },
  new: { from: '#16c79a', to: '#19a7f5', zh: '新', other: 'NEW' },
} as const;

export function GameBadge({ kind, language }: BadgeProps) {
  const art = ART[kind];
  const zh = isChinese(language);
  const label = zh ? art.zh : art.other;
  const width = zh ? (label.length === 1 ? 30 : 44) : 40;
  // Unique per instance: a gradient referenced from another, hidden page would not paint in Chrome.
  const gradient = `badge-${useId().replace(/[^\w-]/g, '')}`;
  return (
    <svg
      className={`game-badge game-badge--${kind}`}
      data-testid={`badge-${kind}`}
      data-variant={zh ? 'zh' : 'latin'}
      viewBox={`0 0 ${width} 18`}
      role="img"
      aria-label={label}
    >
      <defs>
        <linearGradient id={gradient} x1="0" x2="1" y1="0" y2="1">
          <stop offset="0" stopColor={art.from} />
          <stop offset="1" stopColor={art.to} />
        </linearGradient>
      </defs>
      <path d={`M0 0H${width}V12Q${width} 18 ${width - 6} 18H0Z`} fill={`url(#${gradient})`} />
      <text x={width / 2} y="12.8" textAnchor="middle" fill="#fff" fontSize={zh ? 11 : 10} fontWeight="800" letterSpacing={zh ? 0 : 0.6}>
        {label}
      </text>
    </svg>
  );
}
