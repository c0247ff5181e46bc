import type { OPS_CALL_GROUPS, OpsCallDefinition, OpsCallRequest, OpsCallResponse } from '@lobby/contract';

/** Where the CSRF token of the console session is kept: this tab only, gone when it closes. */
const CSRF_KEY = 'lobby.console.csrf';
const CSRF_HEADER = 'x-csrf-token';

/** Codes the console reacts to itself (SPEC.md section 8). */
export const CODES = {
  NOT_SIGNED_IN: 10009,
  PERMISSION_DENIED: 10055,
  STEP_UP_REQUIRED: 10056,
} as const;

export class OpsError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status: number,
    /** What the refusal carries beyond its words (e.g. the bad lines of an upload). */
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

export const csrf = {
  get: () => sessionStorage.getItem(CSRF_KEY),
  set: (token: string | null) => (token ? sessionStorage.setItem(CSRF_KEY, token) : sessionStorage.removeItem(CSRF_KEY)),
};

type StepUpPrompt = () => Promise<boolean>;
type SignedOutListener = () => void;
let promptStepUp: StepUpPrompt | null = null;
const signedOutListeners = new Set<SignedOutListener>();

/** The dialog that asks for a fresh TOTP code; a call refused for want of one is sent again once it succeeds. */
export function setStepUpPrompt(prompt: StepUpPrompt | null): void {
  promptStepUp = prompt;
}

/** Called when any call finds the session gone (expired, signed out elsewhere, disabled). */
export function onSignedOut(listener: SignedOutListener): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

/** Posts one operator call with the session cookie and CSRF token; answers `data` or throws an OpsError. */
export async function opsCall<T = unknown>(path: string, body: object = {}, retried = false): Promise<T> {
  const token = csrf.get();
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', ...(token ? { [CSRF_HEADER]: token } : {}) },
    body: JSON.stringify(body),
  });
  let reply: { code: number; msg: string; data: T };
  try {
    reply = await response.json();
  } catch {
    throw new OpsError(-1, `HTTP ${response.status}`, response.status);
  }
  if (reply.code === 0) return reply.data;
  if (reply.code === CODES.STEP_UP_REQUIRED && !retried && promptStepUp && (await promptStepUp())) return opsCall<T>(path, body, true);
  if (response.status === 401 && !path.startsWith('/ops/v1/auth/signIn')) for (const listener of signedOutListeners) listener();
  throw new OpsError(reply.code, reply.msg, response.status, reply.data);
}

type Groups = typeof OPS_CALL_GROUPS;
export type OpsGroup = keyof Groups;
export type OpsAction<G extends OpsGroup> = keyof Groups[G] & string;
type Definition<G extends OpsGroup, A extends OpsAction<G>> = Groups[G][A] extends OpsCallDefinition ? Groups[G][A] : never;
export type Request<G extends OpsGroup, A extends OpsAction<G>> = OpsCallRequest<Definition<G, A>>;
export type Response<G extends OpsGroup, A extends OpsAction<G>> = OpsCallResponse<Definition<G, A>>;

/** The contract's facts about one call, known by its `group.action` name. */
export function callInfo(name: string): { path: string; access: string; stepUp: boolean } {
  const info = __OPS_CALLS__[name];
  if (!info) throw new Error(`no operator call ${name}`);
  return info;
}

/** A typed call by its contract name: `call('staff', 'list', {})` answers what the contract declares. */
export function call<G extends OpsGroup, A extends OpsAction<G>>(group: G, action: A, body: Request<G, A>): Promise<Response<G, A>> {
  return opsCall<Response<G, A>>(callInfo(`${group}.${action}`).path, body as object);
}
