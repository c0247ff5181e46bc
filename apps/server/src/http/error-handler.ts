import { errorMessage, ErrorCode, fillErrorMessage } from '@lobby/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, UnauthorizedError } from './app-error.ts';
import { requestLanguage } from './request-context.ts';

/**
 * Every failure leaves as an envelope with a catalogue code. Client mistakes (bad JSON, wrong
 * types, unknown fields, oversized bodies, wrong content type) are HTTP 200 with code 4 or 12;
 * only our own faults are 500.
 */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    const lang = requestLanguage(request);
    const envelope = (code: number, detail?: string, params?: Record<string, string>, data?: Record<string, unknown>) => ({
      code,
      msg: detail && code === ErrorCode.INVALID_PARAMETERS ? `${errorMessage(code, lang)} (${detail})` : fillErrorMessage(errorMessage(code, lang), params),
      data: data ?? null,
    });

    if (error instanceof AppError) {
      return reply.status(error.httpStatus).send(envelope(error.code, error.detail, error.params, error.data));
    }
    if (error instanceof UnauthorizedError) {
      return reply.status(401).send(envelope(ErrorCode.TOKEN_MISMATCH));
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.statusCode === 429) {
      return reply.status(429).send(envelope(ErrorCode.IP_LIMIT));
    }
    if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
      request.log.info({ err: { code: fastifyError.code, message: fastifyError.message } }, 'rejected input');
      return reply.status(200).send(envelope(ErrorCode.INPUT));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(envelope(ErrorCode.EXCEPTION));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ code: ErrorCode.FAILURE, msg: errorMessage(ErrorCode.FAILURE, requestLanguage(request)), data: null });
  });
}
