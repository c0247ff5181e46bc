import type { TestApp } from './test-app.ts';

/**
 * Calls an operator endpoint over HTTP as the operator's tools do, with `key` in x-api-key (no header
 * when null, to see the refusal): the HTTP status with the reply's envelope.
 */
export async function callOps(app: Pick<TestApp, 'url'>, path: string, body: unknown, key: string | null) {
  const response = await fetch(app.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { 'x-api-key': key } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, ...((await response.json()) as { code: number; msg: string; data: any }) };
}
