import { z } from 'zod';
import { ALL_CALLS } from './calls/index.ts';
import { ErrorCode } from './errors.ts';
import { ALL_OPS_CALLS } from './ops/index.ts';

/** Builds the OpenAPI 3.1 document from the same zod schemas the server validates with. */
export function buildOpenApiDocument(info: { title?: string; version?: string; serverUrl?: string } = {}) {
  const paths: Record<string, unknown> = {};
  for (const call of ALL_CALLS) {
    paths[call.path] = {
      post: {
        summary: call.summary,
        operationId: call.path.slice(4).replace(/[/_](\w)/g, (_, c: string) => c.toUpperCase()),
        tags: [call.path.split('/')[2]],
        security: call.auth === 'player' ? [{ token: [] }] : call.auth === 'optional' ? [{}, { token: [] }] : [],
        ...(call.movesMoney ? { 'x-idempotent': 'requestId' } : {}),
        parameters: [{ name: 'Client-IP', in: 'header', required: false, schema: { type: 'string' }, description: 'Recorded only' }],
        requestBody: requestBodyOf(call.request),
        responses: {
          200: envelopeOf(call.response),
          ...(call.auth === 'player' ? { 401: { description: 'Missing or unknown token' } } : {}),
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: info.title ?? 'Game lobby API', version: info.version ?? '1.0.0' },
    servers: info.serverUrl ? [{ url: info.serverUrl }] : [],
    components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
    paths,
  };
}

/**
 * The operator OpenAPI document: every operator call with its permission, the audit it leaves and
 * whether it asks for a fresh TOTP code, from the same zod schemas the server validates with.
 */
export function buildOpsOpenApiDocument(info: { title?: string; version?: string; serverUrl?: string } = {}) {
  const paths: Record<string, unknown> = {};
  for (const call of ALL_OPS_CALLS) {
    const signedIn = call.access !== 'public';
    paths[call.path] = {
      post: {
        summary: call.summary,
        operationId: call.path.slice('/ops/v1/'.length).replace(/\/(\w)/g, (_, c: string) => c.toUpperCase()),
        tags: [call.path.split('/')[3]],
        security: signedIn ? [{ apiKey: [] }, { consoleSession: [], csrf: [] }] : [],
        'x-permission': call.access,
        'x-audit': call.audit,
        ...(call.stepUp ? { 'x-step-up': true } : {}),
        requestBody: requestBodyOf(call.request),
        responses: {
          200: envelopeOf(call.response),
          ...(signedIn ? { 401: { description: 'No staff session or key, or one unknown, expired or disabled' } } : {}),
          ...(signedIn && call.access !== 'staff' ? { 403: { description: `Lacks ${call.access} (10055), or a fresh TOTP code (10056)` } } : {}),
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: info.title ?? 'Game lobby operator API', version: info.version ?? '1.0.0' },
    servers: info.serverUrl ? [{ url: info.serverUrl }] : [],
    components: {
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
        consoleSession: { type: 'apiKey', in: 'cookie', name: 'lobby_console' },
        csrf: { type: 'apiKey', in: 'header', name: 'x-csrf-token' },
      },
    },
    paths,
  };
}

/** A call's body as OpenAPI states it: JSON, the contract's request schema as the client sends it. */
function requestBodyOf(request: z.ZodType) {
  return { required: true, content: { 'application/json': { schema: strip(z.toJSONSchema(request, { io: 'input', unrepresentable: 'any' })) } } };
}

/** Every call's answer: the envelope around the contract's response schema. */
function envelopeOf(response: z.ZodType) {
  return {
    description: 'Envelope: code 0 with data, or a catalogue code with msg and data null',
    content: {
      'application/json': {
        schema: {
          type: 'object',
          required: ['code', 'msg', 'data'],
          properties: {
            code: { type: 'integer', enum: Object.values(ErrorCode) },
            msg: { type: 'string' },
            data: { anyOf: [strip(z.toJSONSchema(response, { io: 'output', unrepresentable: 'any' })), { type: 'null' }] },
          },
        },
      },
    },
  };
}

function strip(schema: Record<string, unknown>) {
  const { $schema: _ignored, ...rest } = schema;
  return rest;
}
