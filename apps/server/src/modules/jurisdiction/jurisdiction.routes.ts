import { appCalls, autoBetCalls, bankCalls, hashGameCalls, playerCalls, siteOpsCalls, thirdGameCalls } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import type { OpsRegistrar } from '../../http/ops-call.ts';
import { registerCall, type SessionAuthenticator } from '../../http/rpc.ts';
import type { LobbyService } from '../lobby/lobby.service.ts';
import type { Jurisdictions } from './jurisdictions.ts';

/**
 * PROTECTION.md "Jurisdictions": what a request from a blocked country is refused (REGION_BLOCKED,
 * 10063). Sending the registration code is the first step of registering. Withdrawals, balances,
 * history and support stay open, so a player can take out what they hold.
 */
export const REGION_GUARDED_CALLS = [
  playerCalls.captcha,
  playerCalls.register,
  playerCalls.login,
  bankCalls.depositAddress,
  hashGameCalls.bet,
  autoBetCalls.start,
  thirdGameCalls.enter,
].map((call) => call.path);

/** The region guard goes on before any route: call it right after the HTTP server is made. */
export function installJurisdictions(http: FastifyInstance, jurisdictions: Jurisdictions): void {
  jurisdictions.install(http, REGION_GUARDED_CALLS);
}

export function registerJurisdictionRoutes(http: FastifyInstance, sessions: SessionAuthenticator, jurisdictions: Jurisdictions): void {
  // The app asks at start, and shows the region screen before the player tries anything.
  registerCall(http, sessions, appCalls.region, async (ctx) => {
    ctx.reply.header('cache-control', 'no-store');
    const country = ctx.request.country;
    return { country, blocked: jurisdictions.isBlocked(country) };
  });
}

export function registerJurisdictionOpsRoutes(ops: OpsRegistrar, jurisdictions: Jurisdictions, site: Pick<LobbyService, 'setConfig'>): void {
  ops.register(siteOpsCalls.blockedCountries, async () => ({ countries: jurisdictions.blockedCountries() }));
  ops.register(siteOpsCalls.setBlockedCountries, async ({ body, audit }) => {
    audit.target = 'site:blockedCountries';
    audit.before = jurisdictions.blockedCountries();
    const countries = await jurisdictions.setBlocked(body.countries, site);
    audit.after = countries;
    return { countries };
  });
}
