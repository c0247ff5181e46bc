import type { Game } from '@lobby/contract';
import { memo } from 'react';
import { gameLogo, gameName, type CategoryKey } from '../lib/games';
import { GameBadge } from './Badge';
import { FavouriteToggle } from './FavouriteToggle';
import { CATEGORY_ICONS, Icon } from './Icon';
import { LazyImage } from './LazyImage';

const ART_TONES: Record<string, [string, string]> = {
  hash: ['#f7c948', '#ff8a3d'],
  crypto: ['#19c2a0', '#1769aa'],
  slot: ['#ff5f9e', '#7c5cff'],
  fish: ['#19a7f5', '#1348a8'],
  live: ['#ff6a3d', '#b01e4f'],
  poker: ['#7c5cff', '#2d1f7a'],
  sport: ['#2fd27a', '#0e7a55'],
  home: ['#7c5cff', '#3b2a9e'],
};

/** The category's colours: what a tile shows while its logo loads, and the ground of the fallback picture. */
function artBackground(category: CategoryKey): string {
  const [from, to] = ART_TONES[category] ?? ART_TONES.home;
  return `linear-gradient(145deg, ${from}, ${to})`;
}

/** The fallback picture of a game: its category's colours and icon, with its initials as a watermark. */
export function GameArt({ category, name }: { category: CategoryKey; name: string }) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0])
    .join('');
  return (
    <span className="game-art" style={{ background: artBackground(category) }}>
      <span className="game-art__mark" aria-hidden="true">
        {initials}
      </span>
      <Icon name={CATEGORY_ICONS[category] ?? 'star'} className="game-art__icon" strokeWidth={1.6} />
    </span>
  );
}

interface GameTileProps {
  game: Game;
  category: CategoryKey;
  language: string;
  showBadges: boolean;
  vendorName?: string;
  /** On the first screen: the logo is fetched at once rather than after layout. */
  eager?: boolean;
  onOpen(game: Game): void;
}

/**
 * A game's tile: its logo, name and vendor open it; the heart in the corner (for a signed-in player)
 * marks it a favourite. Two buttons side by side in one frame, since a button may not hold another.
 */
export const GameTile = memo(function GameTile({ game, category, language, showBadges, vendorName, eager, onOpen }: GameTileProps) {
  const name = gameName(game, language);
  return (
    <div className="game-tile">
      <button type="button" className="game-tile__open" data-testid={`game-tile-${game.id}`} onClick={() => onOpen(game)}>
        <span className="game-tile__art" style={{ background: artBackground(category) }}>
          <LazyImage src={gameLogo(game, language)} alt={name} eager={eager} fallback={<GameArt category={category} name={name} />} />
          {showBadges && (game.isHot || game.isNew) && (
            <span className="game-tile__badges">
              {game.isHot && <GameBadge kind="hot" language={language} />}
              {game.isNew && <GameBadge kind="new" language={language} />}
            </span>
          )}
        </span>
        <span className="game-tile__name" dir="auto">
          {name}
        </span>
        {vendorName && (
          <span className="game-tile__vendor" dir="auto">
            {vendorName}
          </span>
        )}
      </button>
      <FavouriteToggle game={game} name={name} />
    </div>
  );
});

export function GameTileSkeleton() {
  return (
    <span className="game-tile game-tile--skeleton" aria-hidden="true">
      <span className="game-tile__art skeleton" />
      <span className="game-tile__name skeleton skeleton--text" />
    </span>
  );
}
