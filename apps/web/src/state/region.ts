import { create } from 'zustand';

/**
 * PROTECTION.md "Jurisdictions": whether the operator refuses the region this app connects from.
 * Asked once at start (/v1/app/region), and set again by any call the server refuses with 10063, so
 * the region screen shows before the player tries, or the moment a call finds out.
 */
interface RegionState {
  blocked: boolean;
  /** ISO 3166-1 alpha-2 as the server placed the connection; null when it could not. */
  country: string | null;
  set(region: { blocked: boolean; country: string | null }): void;
  /** A call answered 10063: the region is blocked, whatever the start said. */
  refused(country: string | null): void;
}

export const useRegion = create<RegionState>((set, get) => ({
  blocked: false,
  country: null,
  set: (region) => set(region),
  refused: (country) => set({ blocked: true, country: country ?? get().country }),
}));
