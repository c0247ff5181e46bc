import type { CurrencyCode, Permission } from '@lobby/contract';
import type { WithdrawalStatus } from '../db/schema.ts';
import type { PlayerWallet } from '../money/balances.ts';

/** A frame for everyone following a public channel (`round:<gameId>`, `results:<gameId>`). */
export interface PublicPush {
  channel: string;
  event: string;
  data: unknown;
}
/** A frame for one player's signed-in sockets, on channel `player`. */
export interface PlayerPush {
  playerId: number;
  event: string;
  data: unknown;
}

/** An amount as the contract shows it, a decimal string ("12.5"): JSON has no bigint. */
export type DecimalAmount = string;

/**
 * Every event the server's modules tell each other, by name, with its payload. Each is declared with
 * its reach in `EVENT_REACH`:
 * - `cluster`: every instance hears it (through Redis when there are several). The payload must
 *   survive JSON. Subscribers are called as it arrives; the publisher does not wait for them.
 * - `instance`: only the instance that published it hears it, once, after the change committed
 *   (reactions that move money or write must run once, not once per instance). The publisher awaits
 *   each subscriber in turn; a failing one is reported and the others are still told.
 * Subscribers must not depend on each other's order.
 */
export interface DomainEvents {
  // Money: the kernel announces, modules react.
  /** A player's balances changed (committed). `cause.play`: a game round moved them. */
  'balance.changed': { playerId: number; wallet: PlayerWallet; cause: { play?: boolean } };
  /** A hash round settled; its players, winners or not (a lost bet changes no balance). */
  'round.settled': { playerIds: number[] };

  // Players.
  /** Something about the account changed that may earn a reward: registered, e-mail bound. */
  'account.changed': { playerId: number };
  /** The player's profile or balances changed: every instance drops its cached `/v1/player/load`. */
  'player.changed': { playerId: number };
  /** A session of the player ended (logout, login elsewhere, password reset, freeze). */
  'session.ended': { playerId: number };
  /** A self-referral review cleared the pair: the inviter's invitation reward may be claimable. */
  'referral.cleared': { inviterId: number };
  /** The player entered a third-party game. */
  'game.entered': { playerId: number; gameId: number };
  /** A player's limits, time-out or self-exclusion changed: every instance reloads its copy before the next bet. */
  'protection.changed': { playerId: number };

  // Sockets: frames for players' websockets, on whichever instance holds them.
  'push.public': PublicPush;
  'push.player': PlayerPush;
  /** A frame for every signed-in socket (a broadcast site mail). */
  'push.players': Omit<PlayerPush, 'playerId'>;

  // Hash games.
  /** The newest chain block the round publisher took in. */
  'hash.head': { height: number; blockId: string; parentHash: string; time: number };

  // Operator settings every instance keeps a copy of (SharedCopy): reload on hearing it.
  'lobby.changed': Record<string, never>;
  'bulletin.changed': Record<string, never>;
  'activity.catalogue.changed': Record<string, never>;
  'quota.settings.changed': Record<string, never>;
  'economy.settings.changed': { key?: string };
  /** Staff changed the blocked countries (PROTECTION.md "Jurisdictions"): every instance reloads its list. */
  'jurisdiction.changed': Record<string, never>;
  /** Staff changed a list of sanctioned addresses: every instance reloads its copy. */
  'sanctions.changed': Record<string, never>;
  'protection.settings.changed': Record<string, never>;

  // Support chat.
  /** The player is typing (until `until`, ms) or stopped (0). */
  'support-chat.typing': { playerId: number; until: number };
  /** A message joined a support conversation, from the player or from an operator. */
  'chat.message': { conversationId: number; playerId: number; seq: number; sender: 'player' | 'operator' };
  /** A support conversation changed holder: taken by a staff member (or key), or let go (null). */
  'chat.assigned': { conversationId: number; holder: string | null };

  // Finance: what the staff console follows.
  /** A deposit was seen on chain (confirming) or credited to the player. */
  'deposit.seen': { depositId: string; playerId: number; currency: CurrencyCode; amount: DecimalAmount; txId: string; confirmations: number; needed: number };
  'deposit.credited': { depositId: string; playerId: number; currency: CurrencyCode; amount: DecimalAmount; txId: string };
  /** A withdrawal entered a status: created (`pending_review` or `queued`), approved (`queued`), refunded (`rejected`, `failed`). */
  'withdrawal.state': { withdrawalId: string; playerId: number; currency: CurrencyCode; amount: DecimalAmount; status: WithdrawalStatus };
  /** A win held back for review instead of paid out. */
  'win.held': { playerId: number; currency: CurrencyCode; amount: DecimalAmount; reference: string; reason: string };
  /** Something staff should look at now (a failed ledger check, a stuck payout, a risk signal); shown to holders of `permission`. */
  alert: { kind: string; severity: 'warning' | 'critical'; message: string; permission: Permission; playerId?: number; reference?: string };

  /** A four-eyes request was filed or closed (approved, rejected, withdrawn, failed); shown to holders of `permission`, the permission its kind's decider needs. */
  'approval.changed': { requestId: number; kind: string; status: string; permission: Permission };

  // Staff.
  /** A staff member's console session ended (signed out, disabled): their open console sockets are re-checked at once. */
  'staff.session.ended': { staffId: number };
}

export type EventName = keyof DomainEvents;
export type EventReach = 'cluster' | 'instance';

export const EVENT_REACH: { readonly [K in EventName]: EventReach } = {
  'balance.changed': 'instance',
  'round.settled': 'instance',
  'account.changed': 'instance',
  'player.changed': 'cluster',
  'session.ended': 'cluster',
  'referral.cleared': 'instance',
  'game.entered': 'instance',
  'protection.changed': 'cluster',
  'protection.settings.changed': 'cluster',
  'push.public': 'cluster',
  'push.player': 'cluster',
  'push.players': 'cluster',
  'hash.head': 'cluster',
  'lobby.changed': 'cluster',
  'bulletin.changed': 'cluster',
  'activity.catalogue.changed': 'cluster',
  'quota.settings.changed': 'cluster',
  'economy.settings.changed': 'cluster',
  'jurisdiction.changed': 'cluster',
  'sanctions.changed': 'cluster',
  'support-chat.typing': 'cluster',
  'chat.message': 'cluster',
  'chat.assigned': 'cluster',
  'deposit.seen': 'cluster',
  'deposit.credited': 'cluster',
  'withdrawal.state': 'cluster',
  'win.held': 'cluster',
  alert: 'cluster',
  'approval.changed': 'cluster',
  'staff.session.ended': 'cluster',
};

/** The events the staff console's socket follows. */
export const STAFF_EVENTS = [
  'chat.message',
  'chat.assigned',
  'withdrawal.state',
  'deposit.seen',
  'deposit.credited',
  'win.held',
  'alert',
  'approval.changed',
] as const satisfies readonly EventName[];
export type StaffEventName = (typeof STAFF_EVENTS)[number];

/** Events whose subscribers reload a copy of operator settings (SharedCopy). */
export type CopyChangedEvent =
  | 'lobby.changed'
  | 'bulletin.changed'
  | 'activity.catalogue.changed'
  | 'quota.settings.changed'
  | 'economy.settings.changed'
  | 'jurisdiction.changed'
  | 'protection.settings.changed'
  | 'sanctions.changed';
