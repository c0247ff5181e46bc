import { ALL_OPS_CALLS, type OpsCallDefinition } from '@lobby/contract';
import type { TestApp } from './test-app.ts';

const CALLS_BY_PATH = new Map<string, OpsCallDefinition>(ALL_OPS_CALLS.map((call) => [call.path, call]));

/**
 * Holds a successful answer of an operator call to the response schema its contract declares: an
 * answer the console's types would not describe fails the test that received it.
 */
export function checkOpsReply(path: string, reply: { code: number; data: unknown }): void {
  const call = CALLS_BY_PATH.get(path);
  if (!call || reply.code !== 0) return;
  const parsed = call.response.safeParse(reply.data);
  if (parsed.success) return;
  const issues = parsed.error.issues.slice(0, 10).map((issue) => `  ${issue.path.join('.') || 'data'}: ${issue.message}`);
  throw new Error(`${path} answered outside its contract:\n${issues.join('\n')}`);
}

/**
 * Calls an operator endpoint over HTTP as the operator's tools do, with `key` in x-api-key (no header
 * when null, to see the refusal): the HTTP status with the reply's envelope, checked against the
 * call's response schema when it succeeded.
 */
export async function callOps(app: Pick<TestApp, 'url'>, path: string, body: unknown, key: string | null) {
  const response = await fetch(app.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { 'x-api-key': key } : {}) },
    body: JSON.stringify(body),
  });
  const reply = (await response.json()) as { code: number; msg: string; data: any };
  checkOpsReply(path, reply);
  return { status: response.status, ...reply };
}
