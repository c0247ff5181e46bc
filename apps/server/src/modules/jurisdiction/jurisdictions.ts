import { isCountryCode } from '@lobby/contract';
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { SharedCopy } from '../../events/shared-copy.ts';
import { fail } from '../../http/app-error.ts';
import { SITE_SCOPE } from '../lobby/catalogue.ts';
import type { LobbyService } from '../lobby/lobby.service.ts';
import type { CountryTable } from './country-table.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * ISO 3166-1 alpha-2 of the request's address (after TRUST_PROXY), looked up once per request
     * and kept on it; null for a private, loopback or unknown address.
     */
    readonly country: string | null;
  }
}

/** Where the blocked countries live: the site configuration, so players' configSync carries them too. */
export const JURISDICTION_KEY = 'jurisdiction';
const CHANGED = 'jurisdiction.changed';
const LOOKED_UP = Symbol('country');

/**
 * PROTECTION.md "Jurisdictions": the country of every request, and the countries the operator
 * refuses. The blocked list is kept in memory on every instance (reloaded on each one when staff
 * change it), so the guard costs a lookup in the address table and a set, with no database trip.
 */
export class Jurisdictions {
  private blocked: ReadonlySet<string> = new Set<string>();
  private loads = 0;
  private readonly copy: SharedCopy<typeof CHANGED>;

  constructor(
    private readonly db: Db,
    /** The address table: the application reads it at start; tests on loopback addresses never need it. */
    private readonly table: () => CountryTable,
    bus?: EventBus,
    onReloadError?: (error: unknown) => void,
  ) {
    this.copy = new SharedCopy(CHANGED, () => this.reload(), bus, onReloadError);
  }

  async start(): Promise<void> {
    await this.copy.follow();
  }

  stop(): void {
    this.copy.stop();
  }

  /** The country of an address; null for private, loopback and unknown ones (never blocked). */
  countryOf(ip: string): string | null {
    return this.table().lookup(ip);
  }

  isBlocked(country: string | null): boolean {
    return country !== null && this.blocked.has(country);
  }

  blockedCountries(): string[] {
    return [...this.blocked].sort();
  }

  /** Replaces the list through the site configuration (its version moves with it); every instance reloads. */
  async setBlocked(countries: readonly string[], site: Pick<LobbyService, 'setConfig'>): Promise<string[]> {
    const list = [...new Set(countries)].sort();
    await site.setConfig(SITE_SCOPE, JURISDICTION_KEY, { blockedCountries: list });
    await this.copy.changed();
    return this.blockedCountries();
  }

  private async reload(): Promise<void> {
    // A reload started later read a newer row: an older one finishing after it must not win.
    const load = ++this.loads;
    const row = await this.db.selectFrom('site_config').select('value').where('scope', '=', SITE_SCOPE).where('key', '=', JURISDICTION_KEY).executeTakeFirst();
    const listed = (row?.value as { blockedCountries?: unknown } | undefined)?.blockedCountries;
    const codes = Array.isArray(listed) ? listed.filter((code): code is string => typeof code === 'string' && isCountryCode(code)) : [];
    if (load === this.loads) this.blocked = new Set(codes);
  }

  /**
   * Gives every request its `country` (looked up on first read, then kept), and puts the region
   * guard on exactly the calls named in `guarded`: registering before them is required. Start
   * fails if a named call was never registered, so a renamed path cannot slip out of the guard.
   */
  install(http: FastifyInstance, guarded: readonly string[]): void {
    const jurisdictions = this;
    http.decorateRequest('country', {
      getter(this: FastifyRequest & { [LOOKED_UP]?: string | null }) {
        if (this[LOOKED_UP] === undefined) this[LOOKED_UP] = jurisdictions.countryOf(this.ip);
        return this[LOOKED_UP];
      },
    });
    const paths = new Set(guarded);
    const found = new Set<string>();
    // A callback hook, no promise: it runs on every bet. With no country blocked it looks nothing up.
    const guard: preHandlerHookHandler = (request, _reply, done) => {
      if (jurisdictions.blocked.size === 0) return done();
      const country = request.country;
      if (jurisdictions.isBlocked(country)) return done(fail('REGION_BLOCKED', `requests from ${country} are refused`, undefined, { country }));
      done();
    };
    http.addHook('onRoute', (route) => {
      if (!paths.has(route.url)) return;
      found.add(route.url);
      const own = route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler];
      // First: a refused region learns nothing from the call, not even whether its token is good.
      route.preHandler = [guard, ...own];
    });
    http.addHook('onReady', async () => {
      const missing = [...paths].filter((path) => !found.has(path));
      if (missing.length > 0) throw new Error(`region guard: no route for ${missing.join(', ')}`);
    });
  }
}
