import { dashboardOpsCalls } from '@lobby/contract';
import type { Db } from '../../db/database.ts';
import type { OpsRegistrar } from '../../http/ops-call.ts';
import { FiguresService, type FiguresOptions } from './figures.service.ts';

/** `/ops/v1/dashboard/*`: the dashboard's figures (CONSOLE.md "Screens" 2). */
export function registerFiguresOpsRoutes(ops: OpsRegistrar, db: Db, options: FiguresOptions): void {
  const figures = new FiguresService(db, options);
  ops.register(dashboardOpsCalls.figures, () => figures.dashboard());
}
