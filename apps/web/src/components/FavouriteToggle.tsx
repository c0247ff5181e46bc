import type { Game } from '@lobby/contract';
import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './Icon';
import './favourite.css';

/** What a tile needs to show and change a favourite: given by the lobby to a signed-in player only. */
export interface Favourites {
  has(gameId: number): boolean;
  toggle(game: Game): void;
}

export const FavouritesContext = createContext<Favourites | null>(null);

/** The heart in a tile's corner: marks the game a favourite of the player, or unmarks it. */
export function FavouriteToggle({ game, name }: { game: Game; name: string }) {
  const favourites = useContext(FavouritesContext);
  const { t } = useTranslation();
  if (!favourites) return null;
  const on = favourites.has(game.id);
  return (
    <button
      type="button"
      className={`favourite-toggle${on ? ' favourite-toggle--on' : ''}`}
      aria-pressed={on}
      aria-label={t(on ? 'shelf.removeFavourite' : 'shelf.addFavourite', { name })}
      data-testid={`favourite-${game.id}`}
      onClick={() => favourites.toggle(game)}
    >
      <Icon name="heart" fill={on ? 'currentColor' : 'none'} strokeWidth={2} />
    </button>
  );
}
