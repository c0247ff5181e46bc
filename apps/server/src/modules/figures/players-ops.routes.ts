import { formatMicro, playersOpsCalls, type OpsCallResponse } from '@lobby/contract';
import type { Db } from '../../db/database.ts';
import { fail } from '../../http/app-error.ts';
import type { OpsRegistrar, StaffActor } from '../../http/ops-call.ts';
import { playerWallet } from '../../money/balances.ts';
import { BonusRepository } from '../bonus/bonus.repo.ts';
import { personalData } from './masking.ts';
import { registerPlayerNotesOpsRoutes } from './player-notes.routes.ts';
import { PlayersOpsRepository, type Page } from './players-ops.repo.ts';

type PlayerPage = OpsCallResponse<typeof playersOpsCalls.get>;
type PlayerBet = OpsCallResponse<typeof playersOpsCalls.bets>['list'][number];

const pageOf = (body: { page: number; pageSize: number }): Page => ({ offset: (body.page - 1) * body.pageSize, limit: body.pageSize });
const paged = <T>(body: { page: number; pageSize: number }, list: T[], total: number) => ({ list, total, page: body.page, pageSize: body.pageSize });
const iso = (at: Date | null) => (at ? at.toISOString() : null);
const mayReadPersonalData = (actor: StaffActor) => actor.permissions.has('players.pii');

/**
 * `/ops/v1/players/*` (CONSOLE.md "Screens" 3): search, the player's page and its tabs. Personal data
 * (e-mail, addresses, IP addresses) is whole only for a caller holding `players.pii`, masked
 * otherwise; the calls that can show it are audited as views of personal data, with the player as
 * their target.
 */
export function registerPlayersOpsRoutes(ops: OpsRegistrar, db: Db): void {
  const repo = new PlayersOpsRepository(db);

  const existing = async (playerId: number) => {
    const player = await repo.player(playerId);
    if (!player) throw fail('PLAYER_MISSING', `no player ${playerId}`);
    return player;
  };
  const mustExist = async (playerId: number) => {
    if (!(await repo.exists(playerId))) throw fail('PLAYER_MISSING', `no player ${playerId}`);
  };
  registerPlayerNotesOpsRoutes(ops, db, mustExist);

  ops.register(playersOpsCalls.search, async ({ body, actor, audit }) => {
    audit.target = `search:${body.query.slice(0, 100)}`;
    const mask = personalData(mayReadPersonalData(actor));
    // Who used an address is personal data: only a caller who may see it searches by it.
    const { rows, total } = await repo.search(body.query, pageOf(body), mayReadPersonalData(actor));
    return paged(
      body,
      rows.map((row) => ({
        playerId: row.id,
        account: row.account,
        nickname: row.nickname,
        email: row.email === null ? null : mask.email(row.email),
        status: row.status,
        vipLevel: row.vip_level,
        registeredAt: row.created_at.toISOString(),
        matched: row.matched,
      })),
      total,
    );
  });

  ops.register(playersOpsCalls.get, async ({ body, actor, audit }): Promise<PlayerPage> => {
    audit.target = `player:${body.playerId}`;
    const shown = mayReadPersonalData(actor);
    const mask = personalData(shown);
    const [player, wallet, wagering] = await Promise.all([
      existing(body.playerId),
      playerWallet(db, body.playerId),
      new BonusRepository(db).wagering(body.playerId),
    ]);
    return {
      playerId: player.id,
      account: player.account,
      nickname: player.nickname,
      email: player.email === null ? null : mask.email(player.email),
      status: player.status,
      userType: player.user_type,
      experienceType: player.experience_type,
      specialInviteType: player.special_invite_type,
      vipLevel: player.vip_level,
      xp: formatMicro(BigInt(player.xp ?? '0')),
      inviterId: player.inviter_id,
      language: player.language,
      registeredAt: player.created_at.toISOString(),
      registerIp: mask.ip(player.register_ip),
      lastLoginIp: player.last_login_ip === null ? null : mask.ip(player.last_login_ip),
      lastSignInAt: iso(player.last_sign_in_at),
      firstDepositAt: iso(player.first_recharge_at),
      depositAddress: player.deposit_address === null ? null : mask.address(player.deposit_address),
      betAddresses: player.bet_addresses.map(mask.address),
      balances: (['USDT', 'TRX'] as const).map((currency) => {
        const requirement = wagering.find((row) => row.currency === currency);
        return {
          currency,
          cash: formatMicro(wallet.cash[currency]),
          bonus: formatMicro(wallet.bonus[currency]),
          wageringOutstanding: formatMicro(requirement?.outstanding ?? 0n),
          wageringRequired: formatMicro(requirement?.required ?? 0n),
          bonusAtStake: formatMicro(requirement?.bonus_at_stake ?? 0n),
          experienceGold: requirement?.locked ?? false,
        };
      }),
      openChat: player.open_chat,
      personalDataShown: shown,
    };
  });

  ops.register(playersOpsCalls.ledger, async ({ body }) => {
    await mustExist(body.playerId);
    const { rows, total } = await repo.ledger(body.playerId, body.currency, pageOf(body));
    return paged(
      body,
      rows.map((row) => ({
        id: row.id,
        at: row.at.toISOString(),
        kind: row.kind,
        account: row.account_kind === 'player' ? ('cash' as const) : ('bonus' as const),
        currency: row.currency,
        amount: formatMicro(BigInt(row.amount)),
        reference: row.reference,
      })),
      total,
    );
  });

  ops.register(playersOpsCalls.bets, async ({ body }) => {
    await mustExist(body.playerId);
    if (body.kind === 'hash') {
      const { rows, total } = await repo.hashBets(body.playerId, pageOf(body));
      return paged(
        body,
        rows.map(
          (row): PlayerBet => ({
            kind: 'hash',
            id: row.id,
            gameType: 1,
            game: String(row.game_id),
            currency: row.currency,
            stake: formatMicro(BigInt(row.amount)),
            payout: row.payout === null ? null : formatMicro(BigInt(row.payout)),
            bets: 1,
            placedAt: row.created_at.toISOString(),
            settledAt: iso(row.settled_at),
          }),
        ),
        total,
      );
    }
    const { rows, total } = await repo.thirdPartyRounds(body.playerId, pageOf(body));
    return paged(
      body,
      rows.map(
        (row): PlayerBet => ({
          kind: 'third',
          id: row.id,
          gameType: row.game_type as PlayerBet['gameType'],
          game: row.game_code,
          currency: row.currency,
          stake: formatMicro(BigInt(row.bet_total)),
          payout: row.win_total === null ? null : formatMicro(BigInt(row.win_total)),
          bets: Math.max(1, row.bet_count),
          placedAt: row.opened_at.toISOString(),
          settledAt: iso(row.closed_at),
        }),
      ),
      total,
    );
  });

  ops.register(playersOpsCalls.payments, async ({ body, actor }) => {
    await mustExist(body.playerId);
    const mask = personalData(mayReadPersonalData(actor));
    const { rows, total } = body.kind === 'deposit' ? await repo.deposits(body.playerId, pageOf(body)) : await repo.withdrawals(body.playerId, pageOf(body));
    return paged(
      body,
      rows.map((row) => ({
        kind: body.kind,
        id: row.id,
        currency: row.currency,
        amount: formatMicro(BigInt(row.amount)),
        fee: formatMicro('fee' in row ? BigInt(row.fee) : 0n),
        status: row.status,
        address: mask.address(row.address),
        txId: row.tx_id,
        createdAt: row.created_at.toISOString(),
        completedAt: iso(row.completed_at),
      })),
      total,
    );
  });

  ops.register(playersOpsCalls.sessions, async ({ body, actor }) => {
    await mustExist(body.playerId);
    const mask = personalData(mayReadPersonalData(actor));
    const now = Date.now();
    const { rows, total } = await repo.sessions(body.playerId, pageOf(body));
    return paged(
      body,
      rows.map((row) => ({
        id: row.id,
        createdAt: row.created_at.toISOString(),
        expiresAt: row.expires_at.toISOString(),
        endedAt: iso(row.ended_at),
        endReason: row.end_reason,
        loginIp: mask.ip(row.login_ip),
        clientIp: row.client_ip === null ? null : mask.ip(row.client_ip),
        device: row.device_code,
        country: row.country,
        open: row.ended_at === null && row.expires_at.getTime() > now,
      })),
      total,
    );
  });

  ops.register(playersOpsCalls.referral, async ({ body }) => {
    await mustExist(body.playerId);
    const { inviter, ancestors, team, review, members } = await repo.referral(body.playerId, pageOf(body));
    const level = (n: number) => Number(team.find((row) => Number(row.level) === n)?.members ?? 0);
    return {
      inviter: inviter ? { playerId: inviter.id, account: inviter.account, nickname: inviter.nickname } : null,
      ancestors: ancestors.map((row) => ({ level: Number(row.level), playerId: row.ancestor_id })),
      team: { level1: level(1), level2: level(2), level3: level(3) },
      review: review ? { matched: review.matched, status: review.status, flaggedAt: review.flagged_at.toISOString() } : null,
      members: paged(
        body,
        members.map((row) => ({ playerId: row.player_id, level: Number(row.level), nickname: row.nickname, joinedAt: row.joined_at.toISOString() })),
        level(1) + level(2) + level(3),
      ),
    };
  });
}
