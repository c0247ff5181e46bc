import { isIP } from 'node:net';
import { TRON_ADDRESS_PATTERN } from '@lobby/contract';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';

export interface Page {
  offset: number;
  limit: number;
}

export type SearchMatch = 'id' | 'account' | 'email' | 'depositAddress' | 'betAddress';

export interface PlayerHit {
  id: number;
  account: string | null;
  nickname: string;
  email: string | null;
  status: number;
  vip_level: number;
  created_at: Date;
  matched: SearchMatch;
}

/** Account beginnings shorter than this match too many players to be worth a page. */
export const PREFIX_MIN = 3;

const likePrefix = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The players' side of the console (CONSOLE.md "Screens" 3): lookups by the keys staff are given,
 * each on an index (players by id, lower(account), lower(email); deposit addresses; bet addresses in
 * use), and the tabs of a player's page, each a page of one indexed range of the player's rows.
 */
export class PlayersOpsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Players matching `query`, newest first, each once with what it matched best: the id, the
   * account or e-mail (any case), a deposit address or a bet address in use, then accounts beginning
   * with the query (PREFIX_MIN characters or more); with `seenAddresses`, also an address registered or
   * signed in from (players_register_ip_idx, player_sessions_login_ip).
   */
  async search(query: string, page: Page, seenAddresses = false): Promise<{ rows: PlayerHit[]; total: number }> {
    const id = /^\d{1,10}$/.test(query) && Number(query) <= 2_147_483_647 ? Number(query) : null;
    const address = TRON_ADDRESS_PATTERN.test(query) ? query : null;
    const seen = seenAddresses && isIP(query) ? query : null;
    const hits = [
      ...(id !== null ? [sql`select id as player_id, 'id' as matched, 1 as rank from players where id = ${id}`] : []),
      sql`select id as player_id, 'account' as matched, 2 as rank from players where lower(account) = ${query.toLowerCase()}`,
      ...(query.includes('@') ? [sql`select id as player_id, 'email' as matched, 3 as rank from players where lower(email) = ${query.toLowerCase()}`] : []),
      ...(address
        ? [
            sql`select player_id, 'depositAddress' as matched, 4 as rank from deposit_addresses where address = ${address}`,
            sql`select player_id, 'betAddress' as matched, 5 as rank from bet_addresses where address = ${address} and status = 1`,
          ]
        : []),
      ...(seen
        ? [
            sql`select id as player_id, 'ip' as matched, 7 as rank from players where register_ip = ${seen}`,
            sql`select distinct player_id, 'ip' as matched, 7 as rank from player_sessions where login_ip = ${seen}`,
          ]
        : []),
      ...(query.length >= PREFIX_MIN && !query.includes('@') && !address && !seen
        ? [
            sql`select id as player_id, 'account' as matched, 6 as rank from players where lower(account) like ${likePrefix(query)} and lower(account) <> ${query.toLowerCase()}`,
          ]
        : []),
    ];
    const { rows } = await sql<PlayerHit & { total: string }>`
      with hits as (${sql.join(hits, sql` union all `)}),
      best as (select distinct on (player_id) player_id, matched from hits order by player_id, rank)
      select p.id, p.account, p.nickname, p.email, p.status, p.vip_level, p.created_at, b.matched, count(*) over ()::text as total
      from best b join players p on p.id = b.player_id
      order by p.id desc
      limit ${page.limit} offset ${page.offset}`.execute(this.db);
    const total = rows.length > 0 ? Number(rows[0]!.total) : page.offset > 0 ? await this.searchCount(hits) : 0;
    return { rows, total };
  }

  /** A page past the end still says how many there are. */
  private async searchCount(hits: ReturnType<typeof sql>[]): Promise<number> {
    const { rows } = await sql<{ total: string }>`
      select count(distinct player_id)::text as total from (${sql.join(hits, sql` union all `)}) h`.execute(this.db);
    return Number(rows[0]!.total);
  }

  async exists(playerId: number): Promise<boolean> {
    const { rows } = await sql`select 1 from players where id = ${playerId}`.execute(this.db);
    return rows.length > 0;
  }

  /** The player's own row with what the page shows beside it, in one round trip; undefined if no such player. */
  async player(playerId: number) {
    const { rows } = await sql<{
      id: number;
      account: string | null;
      nickname: string;
      email: string | null;
      status: number;
      user_type: number;
      experience_type: number;
      special_invite_type: number;
      vip_level: number;
      inviter_id: number | null;
      language: string | null;
      register_ip: string;
      last_login_ip: string | null;
      first_recharge_at: Date | null;
      created_at: Date;
      xp: string | null;
      last_sign_in_at: Date | null;
      deposit_address: string | null;
      bet_addresses: string[];
      open_chat: boolean;
    }>`
      select p.id, p.account, p.nickname, p.email, p.status, p.user_type, p.experience_type, p.special_invite_type, p.vip_level,
             p.inviter_id, p.language, p.register_ip, p.last_login_ip, p.first_recharge_at, p.created_at,
             v.xp::text as xp,
             (select s.created_at from player_sessions s where s.player_id = p.id order by s.created_at desc limit 1) as last_sign_in_at,
             (select a.address from deposit_addresses a where a.player_id = p.id) as deposit_address,
             array(select b.address from bet_addresses b where b.player_id = p.id and b.status = 1 order by b.id) as bet_addresses,
             exists (select 1 from support_conversations c where c.player_id = p.id and c.status = 'open' and c.awaiting_reply) as open_chat
      from players p
      left join player_vip v on v.player_id = p.id
      where p.id = ${playerId}`.execute(this.db);
    return rows[0];
  }

  /** Ledger entries of the player's cash and bonus accounts, newest first. */
  async ledger(playerId: number, currency: 'USDT' | 'TRX' | undefined, page: Page) {
    const accounts = sql`
      select id, kind from ledger_accounts
      where owner_id = ${playerId} and kind in ('player', 'player_bonus') ${currency ? sql`and currency = ${currency}` : sql``}`;
    const [list, count] = await Promise.all([
      sql<{ id: string; at: Date; kind: string; account_kind: string; currency: 'USDT' | 'TRX'; amount: string; reference: string | null }>`
        select e.id::text as id, e.created_at as at, t.kind, a.kind as account_kind, e.currency, e.amount::text as amount, t.reference
        from (${accounts}) a
        cross join lateral (
          select * from ledger_entries e where e.account_id = a.id order by e.id desc limit ${page.offset + page.limit}
        ) e
        join ledger_transfers t on t.id = e.transfer_id
        order by e.id desc
        limit ${page.limit} offset ${page.offset}`.execute(this.db),
      sql<{ total: string }>`
        select count(*)::text as total from ledger_entries e where e.account_id in (select id from (${accounts}) a)`.execute(this.db),
    ]);
    return { rows: list.rows, total: Number(count.rows[0]!.total) };
  }

  /** The player's hash bets, newest first. */
  hashBets(playerId: number, page: Page) {
    return this.page<{ id: string; game_id: number; currency: string; amount: string; payout: string | null; created_at: Date; settled_at: Date | null }>(
      sql`id::text as id, game_id, currency, amount::text as amount, payout::text as payout, created_at, settled_at`,
      sql`hash_bets where player_id = ${playerId}`,
      sql`id desc`,
      page,
    );
  }

  /** The player's third-party rounds, newest first. */
  thirdPartyRounds(playerId: number, page: Page) {
    return this.page<{
      id: string;
      game_type: number;
      game_code: string;
      currency: string;
      bet_total: string;
      win_total: string | null;
      bet_count: number;
      opened_at: Date;
      closed_at: Date | null;
    }>(
      sql`id::text as id, game_type, game_code, currency, bet_total::text as bet_total,
          case when closed_at is null then null else win_total::text end as win_total, bet_count, opened_at, closed_at`,
      sql`provider_rounds where player_id = ${playerId}`,
      sql`opened_at desc, id desc`,
      page,
    );
  }

  deposits(playerId: number, page: Page) {
    return this.page<{
      id: string;
      currency: 'USDT' | 'TRX';
      amount: string;
      status: string;
      address: string;
      tx_id: string;
      created_at: Date;
      completed_at: Date | null;
    }>(
      sql`id::text as id, currency, amount::text as amount, status, from_address as address, tx_id, created_at, credited_at as completed_at`,
      sql`deposits where player_id = ${playerId}`,
      sql`created_at desc, id desc`,
      page,
    );
  }

  withdrawals(playerId: number, page: Page) {
    return this.page<{
      id: string;
      currency: 'USDT' | 'TRX';
      amount: string;
      fee: string;
      status: string;
      address: string;
      tx_id: string | null;
      created_at: Date;
      completed_at: Date | null;
    }>(
      sql`id::text as id, currency, amount::text as amount, fee::text as fee, status, to_address as address, tx_id, created_at, completed_at`,
      sql`withdrawals where player_id = ${playerId}`,
      sql`created_at desc, id desc`,
      page,
    );
  }

  sessions(playerId: number, page: Page) {
    return this.page<{
      id: string;
      created_at: Date;
      expires_at: Date;
      ended_at: Date | null;
      end_reason: string | null;
      login_ip: string;
      client_ip: string | null;
      device_code: string | null;
      country: string | null;
    }>(
      sql`id::text as id, created_at, expires_at, ended_at, end_reason, login_ip, client_ip, device_code, country`,
      sql`player_sessions where player_id = ${playerId}`,
      sql`created_at desc, id desc`,
      page,
    );
  }

  /** A page of `columns` from `rows` (a table and its filter) in `order`, with the count of all of them. */
  private async page<T>(columns: RawBuilder<unknown>, rows: RawBuilder<unknown>, order: RawBuilder<unknown>, page: Page) {
    const [list, count] = await Promise.all([
      sql<T>`select ${columns} from ${rows} order by ${order} limit ${page.limit} offset ${page.offset}`.execute(this.db),
      sql<{ total: string }>`select count(*)::text as total from ${rows}`.execute(this.db),
    ]);
    return { rows: list.rows, total: Number(count.rows[0]!.total) };
  }

  /** The player's place in the referral tree: inviter, ancestors, team sizes, review, and a page of the team. */
  async referral(playerId: number, page: Page) {
    const [inviter, ancestors, team, review, members] = await Promise.all([
      sql<{ id: number; account: string | null; nickname: string }>`
        select i.id, i.account, i.nickname from players p join players i on i.id = p.inviter_id where p.id = ${playerId}`.execute(this.db),
      sql<{ level: number; ancestor_id: number }>`
        select level, ancestor_id from referral_ancestors where player_id = ${playerId} order by level`.execute(this.db),
      sql<{ level: number; members: string }>`
        select level, count(*)::text as members from referral_ancestors where ancestor_id = ${playerId} group by level`.execute(this.db),
      sql<{ matched: string; status: string; flagged_at: Date }>`
        select matched, status, flagged_at from referral_reviews where player_id = ${playerId}`.execute(this.db),
      sql<{ player_id: number; level: number; nickname: string; joined_at: Date }>`
        select a.player_id, a.level, p.nickname, a.joined_at
        from referral_ancestors a join players p on p.id = a.player_id
        where a.ancestor_id = ${playerId}
        order by a.joined_at desc, a.player_id desc limit ${page.limit} offset ${page.offset}`.execute(this.db),
    ]);
    return { inviter: inviter.rows[0], ancestors: ancestors.rows, team: team.rows, review: review.rows[0], members: members.rows };
  }
}
