import type { OpsCallResponse, protectionOpsCalls } from '@lobby/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { fail } from '../../http/app-error.ts';
import { recordHistory } from './protection-history.ts';
import type { ProtectionSettings, ProtectionSettingsValue } from './protection-settings.ts';
import type { ProtectionService } from './protection.service.ts';

type Link = OpsCallResponse<typeof protectionOpsCalls.decideLink>;

interface LinkRow {
  id: string;
  player_id: number;
  excluded_player_id: number;
  link: Link['link'];
  detail: string;
  created_at: Date;
  decision: Link['decision'];
  decided_by: string | null;
  decided_at: Date | null;
}

const toLink = (row: LinkRow): Link => ({
  id: Number(row.id),
  playerId: row.player_id,
  excludedPlayerId: row.excluded_player_id,
  link: row.link,
  detail: row.detail,
  createdAt: row.created_at.toISOString(),
  decision: row.decision,
  decidedBy: row.decided_by,
  decidedAt: row.decided_at?.toISOString() ?? null,
});

/** What staff see and decide of player protection. Staff cannot shorten or lift a pause: there is no call for it. */
export class ProtectionOpsService {
  constructor(
    private readonly db: Db,
    private readonly protection: ProtectionService,
    private readonly protectionSettings: ProtectionSettings,
  ) {}

  async player(playerId: number): Promise<OpsCallResponse<typeof protectionOpsCalls.player>> {
    const [state, history, links] = await Promise.all([
      this.protection.state(playerId),
      sql<{ id: string; action: string; detail: Record<string, unknown>; actor: string; at: Date }>`
        select id, action, detail, actor, at from protection_history where player_id = ${playerId} order by id desc limit 100`.execute(this.db),
      sql<LinkRow>`
        select * from protection_links where player_id = ${playerId} or excluded_player_id = ${playerId} order by id desc limit 100`.execute(this.db),
    ]);
    return {
      playerId,
      state,
      paused: state.pause !== null,
      history: history.rows.map((row) => ({ id: Number(row.id), action: row.action, detail: row.detail, actor: row.actor, at: row.at.toISOString() })),
      links: links.rows.map(toLink),
    };
  }

  async links(open: boolean, limit: number): Promise<{ items: Link[] }> {
    const { rows } = await sql<LinkRow>`
      select * from protection_links ${open ? sql`where decision is null` : sql``} order by created_at desc, id desc limit ${limit}`.execute(this.db);
    return { items: rows.map(toLink) };
  }

  async decideLink(id: number, decision: 'cleared' | 'confirmed', by: string, reason: string): Promise<Link> {
    const { rows } = await sql<LinkRow>`
      update protection_links set decision = ${decision}, decided_by = ${by}, decided_at = now()
      where id = ${id} and decision is null returning *`.execute(this.db);
    const row = rows[0];
    if (!row) {
      const exists = await sql`select 1 from protection_links where id = ${id}`.execute(this.db);
      throw exists.rows.length > 0 ? fail('REQUEST_ALREADY_DECIDED') : fail('NO_PLAYER_DATA', `no linked-account flag ${id}`);
    }
    await recordHistory(this.db, row.player_id, 'link_decided', { decision, reason, excludedPlayerId: row.excluded_player_id, link: row.link }, `staff:${by}`);
    return toLink(row);
  }

  settings(): ProtectionSettingsValue {
    return this.protectionSettings.current();
  }

  setSettings(changes: Partial<ProtectionSettingsValue>) {
    return this.protectionSettings.set(changes);
  }
}
