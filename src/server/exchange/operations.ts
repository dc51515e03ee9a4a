/**
 * The ledger on the exchange service: GET /admin/assets, /admin/liabilities, /admin/revenues and
 * /admin/expenses (Peatio; read Operations::<Kind>), GET /admin/operations (the console's one list, its
 * `kind` a filter; without one, every kind the caller may read), and GET /admin/operations/totals (the
 * running totals per currency, read from ledger_totals; read Operations::Account).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Subject } from '../../shared/abilities.js';
import { requireAbility, roleCan } from '../auth/require-ability.js';
import { OPERATION_LIST } from '../db/queries/operations.js';
import { moneyListRoute } from './money-list-route.js';
import { runningTotals } from '../ledger/check.js';
import { KIND_NUMBER, type Kind } from '../ledger/chart.js';
import { plainDecimal } from '../auth/users/entity.js';

const SUBJECT: Record<Kind, Subject> = {
  asset: 'Operations::Asset', liability: 'Operations::Liability', revenue: 'Operations::Revenue', expense: 'Operations::Expense',
};
const PEATIO_PATHS: Record<string, Kind> = { assets: 'asset', liabilities: 'liability', revenues: 'revenue', expenses: 'expense' };

const may = (req: FastifyRequest, k: Kind) => {
  const role = req.auth?.user.role;
  return !!role && roleCan(role, 'read', SUBJECT[k], 'peatio', req.server.deps.config.allowedRoles);
};

/**
 * The kinds a request lists: the one asked for (refused without its ability), or — for the console's
 * combined list, which needs Peatio's umbrella subject Operations::Account — every kind the caller may read.
 */
async function kindsFor(req: FastifyRequest, asked: Kind | undefined): Promise<number[]> {
  if (asked) { await requireAbility(req, 'read', SUBJECT[asked], 'peatio'); return [KIND_NUMBER[asked]]; }
  await requireAbility(req, 'read', 'Operations::Account', 'peatio');
  return (Object.keys(SUBJECT) as Kind[]).filter((k) => may(req, k)).map((k) => KIND_NUMBER[k]);
}

export function operationRoutes(app: FastifyInstance): void {
  const db = () => app.deps.db.kysely;
  // The console's one list (`kind` a filter) and Peatio's four (`kind` fixed by the path); the caller's kinds scope both.
  const scope = async (req: FastifyRequest, v: Record<string, unknown>) => ({ ...v, kind: await kindsFor(req, v.kind as Kind | undefined) });
  moneyListRoute(app, '/admin/operations', OPERATION_LIST, { codePrefix: 'admin.operation', scope });
  for (const [path, kind] of Object.entries(PEATIO_PATHS)) {
    moneyListRoute(app, `/admin/${path}`, OPERATION_LIST, { codePrefix: 'admin.operation', scope, query: (q) => ({ ...q, kind }) });
  }

  app.get('/admin/operations/totals', async (req) => {
    await kindsFor(req, undefined);
    const currency = (req.query as { currency?: unknown }).currency;
    const totals = await runningTotals(db(), typeof currency === 'string' && currency ? currency.toLowerCase() : undefined);
    return totals.map((x) => Object.fromEntries(Object.entries(x).map(([k, v]) => [k, k === 'currency' ? v : plainDecimal(v)])));
  });
}
