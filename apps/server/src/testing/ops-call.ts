import type { TestApp } from './test-app.ts';

/**
 * Calls an operator endpoint over HTTP as the operator's tools do, with `token` in x-ops-token (no
 * header when null, to see the refusal): the HTTP status with the reply's envelope.
 */
export async function callOps(app: Pick<TestApp, 'url'>, path: string, body: unknown, token: string | null) {
  const response = await fetch(app.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'x-ops-token': token } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, ...((await response.json()) as { code: number; msg: string; data: any }) };
}
