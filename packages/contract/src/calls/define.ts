import { z } from 'zod';

/**
 * Who may make a call:
 * - `public`: no token is needed (one that is sent is ignored);
 * - `player`: a valid session token is required (HTTP 401 without one);
 * - `optional`: works for visitors; a valid token links the call to its player.
 */
export type CallAuth = 'public' | 'player' | 'optional';

export interface CallDefinition<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType, Auth extends CallAuth = CallAuth> {
  path: `/v1/${string}`;
  auth: Auth;
  summary: string;
  /** Calls that move money take a `requestId` idempotency key. */
  movesMoney?: boolean;
  request: Req;
  response: Res;
}

/**
 * Every request refuses text that no database column can hold, whichever field carries it: the
 * rule sits on the call rather than on each string schema so that a new field cannot escape it.
 */
export function defineCall<Req extends z.ZodType, Res extends z.ZodType, Auth extends CallAuth>(
  call: CallDefinition<Req, Res, Auth>,
): CallDefinition<Req, Res, Auth> {
  return { ...call, request: call.request.superRefine(refuseUnstorableTextIn) };
}

/**
 * NUL, which PostgreSQL refuses in text and JSON, and UTF-16 surrogates without their other half,
 * which are not Unicode and would be stored as replacement characters.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is the character this pattern exists to find.
const UNSTORABLE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Path to the first string, or object key, holding unstorable text; undefined when there is none. */
function findUnstorableText(value: unknown, path: readonly PropertyKey[] = []): PropertyKey[] | undefined {
  if (typeof value === 'string') return UNSTORABLE_TEXT.test(value) ? [...path] : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Array.isArray(value) ? value.entries() : Object.entries(value)) {
    if (typeof key === 'string' && UNSTORABLE_TEXT.test(key)) return [...path, key];
    const found = findUnstorableText(item, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

export function refuseUnstorableTextIn(value: unknown, ctx: z.RefinementCtx) {
  const path = findUnstorableText(value);
  if (path) ctx.addIssue({ code: 'custom', message: 'contains a NUL character or an unpaired surrogate', path });
}

export type CallRequest<C extends CallDefinition> = z.input<C['request']>;
export type CallParsedRequest<C extends CallDefinition> = z.output<C['request']>;
export type CallResponse<C extends CallDefinition> = z.infer<C['response']>;

/** Bodies reject unknown fields: a typo in a field name is an error, not a silent no-op. */
export const body = z.strictObject;

export const emptyBody = z.strictObject({}).describe('No fields');
export const emptyReply = z.null().describe('No data');

/** Client-generated idempotency key carried by every money-moving call. */
export const requestId = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _ only')
  .describe('Idempotency key: a replay with the same key returns the first result and moves nothing');

/** `lang` as clients send it; the server maps it to one of the eight languages, English otherwise. */
export const langField = z.string().max(16).optional();
