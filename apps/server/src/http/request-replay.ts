import { fail } from './app-error.ts';

/**
 * Every money-moving call carries an id of the player's (or the operator's) intent, its `requestId`:
 * sent again, by a retry, a double tap or a second copy racing the first, it must answer what the
 * first answered and move nothing more. Each call keeps its requests in its own table with the id
 * unique per owner; this is how each of them reads that table back, so the rules are the same
 * everywhere:
 * - an id seen before, for the same request: the first answer's row (`earlier`);
 * - an id seen before for a different request (another amount, currency, receiver…): refused with
 *   INVALID_PARAMETERS, never answered with the other request's result;
 * - a copy that lost the race (its insert found the id taken, or it waited on the winner's lock):
 *   the winner's row (`winner`), which must exist by then.
 */
export class RequestReplay<Row> {
  constructor(
    /** What the call makes, for the refusal's message: 'exchange', 'withdrawal'… */
    private readonly what: string,
    private readonly requestId: string,
    /** Reads the row this id made, if any (inside the caller's transaction where it holds a lock). */
    private readonly find: () => Promise<Row | undefined | null>,
    /** Whether the row was made by this very request, not another one under the same id. */
    private readonly sameRequest: (row: Row) => boolean,
  ) {}

  /** The row an earlier copy of this request made; undefined when the id is new. */
  async earlier(): Promise<Row | undefined> {
    const row = await this.find();
    if (!row) return undefined;
    if (!this.sameRequest(row)) throw fail('INVALID_PARAMETERS', `requestId: ${this.requestId} was already used for a different ${this.what}`);
    return row;
  }

  /** After this copy found the id taken: the row of the copy that made it first. */
  async winner(): Promise<Row> {
    const row = await this.earlier();
    if (!row) throw fail('FAILURE', `a concurrent ${this.what} under the same requestId did not commit`);
    return row;
  }
}
