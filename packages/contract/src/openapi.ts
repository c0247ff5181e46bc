import { z } from 'zod';
import { ALL_CALLS } from './calls/index.ts';
import { ErrorCode } from './errors.ts';

/** Builds the OpenAPI 3.1 document from the same zod schemas the server validates with. */
export function buildOpenApiDocument(info: { title?: string; version?: string; serverUrl?: string } = {}) {
  const paths: Record<string, unknown> = {};
  for (const call of ALL_CALLS) {
    const requestSchema = z.toJSONSchema(call.request, { io: 'input', unrepresentable: 'any' });
    const dataSchema = z.toJSONSchema(call.response, { io: 'output', unrepresentable: 'any' });
    paths[call.path] = {
      post: {
        summary: call.summary,
        operationId: call.path.slice(4).replace(/[/_](\w)/g, (_, c: string) => c.toUpperCase()),
        tags: [call.path.split('/')[2]],
        security: call.auth === 'player' ? [{ token: [] }] : call.auth === 'optional' ? [{}, { token: [] }] : [],
        ...(call.movesMoney ? { 'x-idempotent': 'requestId' } : {}),
        parameters: [
          { name: 'Client-IP', in: 'header', required: false, schema: { type: 'string' }, description: 'Recorded only' },
        ],
        requestBody: { required: true, content: { 'application/json': { schema: strip(requestSchema) } } },
        responses: {
          200: {
            description: 'Envelope: code 0 with data, or a catalogue code with msg and data null',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['code', 'msg', 'data'],
                  properties: {
                    code: { type: 'integer', enum: Object.values(ErrorCode) },
                    msg: { type: 'string' },
                    data: { anyOf: [strip(dataSchema), { type: 'null' }] },
                  },
                },
              },
            },
          },
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

function strip(schema: Record<string, unknown>) {
  const { $schema: _ignored, ...rest } = schema;
  return rest;
}
