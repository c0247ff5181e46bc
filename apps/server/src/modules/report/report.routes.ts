import { reportCalls } from '@lobby/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/rpc.ts';
import type { SessionService } from '../player/session.service.ts';
import type { ReportService } from './report.service.ts';

/** The /report screen's calls, over the session's own player only. */
export function registerReportRoutes(http: FastifyInstance, sessions: SessionService, reports: ReportService): void {
  registerCall(http, sessions, reportCalls.winOrLoseForm, (ctx) => reports.winOrLose(ctx.session.playerId, ctx.body));
  registerCall(http, sessions, reportCalls.betFormSummary, (ctx) => reports.betSummary(ctx.session.playerId, ctx.body));
  registerCall(http, sessions, reportCalls.betFormDetail, (ctx) => reports.betDetail(ctx.session.playerId, ctx.body, ctx.lang));
}
