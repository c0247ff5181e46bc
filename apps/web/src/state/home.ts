import { NavId } from '@lobby/contract';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

interface HomeState {
  activeNav: number;
  /** A vendor chosen elsewhere (a banner, the menu) to preselect on the slot page. */
  slotManufacturerSearchValue: string;
  setActiveNav(navId: number): void;
  resetNav(): void;
  preselectSlotVendor(vendor: string): void;
  clearSlotVendor(): void;
}

export const useHomeState = create<HomeState>((set) => ({
  activeNav: NavId.HOME,
  slotManufacturerSearchValue: '',
  setActiveNav: (activeNav) => set({ activeNav }),
  resetNav: () => set({ activeNav: NavId.HOME }),
  preselectSlotVendor: (slotManufacturerSearchValue) => set({ slotManufacturerSearchValue }),
  clearSlotVendor: () => set({ slotManufacturerSearchValue: '' }),
}));

interface HashCardState {
  /** Level per game id: 0 beginner, 1 intermediate. Lives for the browser session. */
  levels: Record<number, number>;
  setLevel(gameId: number, level: number): void;
}

export const useHashCards = create<HashCardState>()(
  persist(
    (set) => ({
      levels: {},
      setLevel: (gameId, level) => set((s) => ({ levels: { ...s.levels, [gameId]: level } })),
    }),
    { name: 'lobby.hashCards', storage: createJSONStorage(() => sessionStorage) },
  ),
);
