import { describe, expect, it } from 'vitest';
import { buildOpsOpenApiDocument } from '../openapi.ts';
import { ALL_OPS_CALLS } from './index.ts';

type Operation = {
  post: { operationId: string; security: unknown[]; 'x-permission': string; 'x-audit': string; 'x-step-up'?: boolean; responses: Record<string, unknown> };
};

describe('the operator OpenAPI document', () => {
  const doc = buildOpsOpenApiDocument({ version: 'test' });
  const operation = (path: string) => doc.paths[path] as Operation;

  it('lists every operator call once, as a POST with a unique id, and survives a JSON round trip', () => {
    expect(Object.keys(doc.paths).sort()).toEqual(ALL_OPS_CALLS.map((call) => call.path).sort());
    const ids = ALL_OPS_CALLS.map((call) => operation(call.path).post.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it("states each call's permission, audit and step-up as the contract declares them, and asks a credential of all but the sign-in steps", () => {
    for (const call of ALL_OPS_CALLS) {
      const { post } = operation(call.path);
      expect([post['x-permission'], post['x-audit'], post['x-step-up'] ?? false], call.path).toEqual([call.access, call.audit, call.stepUp ?? false]);
      expect(post.security.length > 0, call.path).toBe(call.access !== 'public');
      expect('403' in post.responses, call.path).toBe(call.access !== 'public' && call.access !== 'staff');
    }
  });
});
