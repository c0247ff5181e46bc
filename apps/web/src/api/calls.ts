import type { CALL_GROUPS, CallDefinition } from '@lobby/contract';
import { CALLS } from 'virtual:lobby-calls';
import type { CallRef } from './client';

type Groups = typeof CALL_GROUPS;

export type CallRefs = {
  [G in keyof Groups]: { [K in keyof Groups[G]]: Groups[G][K] extends CallDefinition ? CallRef<Groups[G][K]> : never };
};

/**
 * Every call of the contract as the client uses it: `calls.player.login`, `calls.app.home`. At run time
 * each is its path, auth and money flag; its type carries the contract's request and reply types.
 */
export const calls = CALLS as unknown as CallRefs;
