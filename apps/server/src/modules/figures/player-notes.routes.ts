import { playersOpsCalls, type OpsCallResponse } from '@lobby/contract';
import type { Db } from '../../db/database.ts';
import type { OpsRegistrar } from '../../http/ops-call.ts';
import { PlayerNotesRepository } from './player-notes.repo.ts';

type PlayerNote = OpsCallResponse<typeof playersOpsCalls.addNote>['note'];
type NoteRow = Awaited<ReturnType<PlayerNotesRepository['add']>>;

const view = (row: NoteRow): PlayerNote => ({
  id: Number(row.id),
  playerId: row.player_id,
  body: row.body,
  author: { kind: row.staff_kind, id: Number(row.staff_id), name: row.staff_name },
  createdAt: row.created_at.toISOString(),
});

/**
 * `/ops/v1/players/notes` and `/ops/v1/players/addNote`: staff notes on the player page. The author
 * is always the signed-in actor, never anything the body says; notes are never edited.
 */
export function registerPlayerNotesOpsRoutes(ops: OpsRegistrar, db: Db, mustExist: (playerId: number) => Promise<void>): void {
  const notes = new PlayerNotesRepository(db);

  ops.register(playersOpsCalls.notes, async ({ body, audit }) => {
    audit.target = `player:${body.playerId}`;
    await mustExist(body.playerId);
    const rows = await notes.list(body.playerId, body.limit + 1, body.beforeId);
    const list = rows.slice(0, body.limit).map(view);
    return { list, nextBeforeId: rows.length > body.limit ? (list.at(-1)?.id ?? null) : null };
  });

  ops.register(playersOpsCalls.addNote, async ({ body, actor, audit }) => {
    audit.target = `player:${body.playerId}`;
    await mustExist(body.playerId);
    const note = view(await notes.add(body.playerId, { kind: actor.kind, id: actor.id, name: actor.name }, body.body));
    audit.after = { noteId: note.id, body: note.body };
    return { note };
  });
}
