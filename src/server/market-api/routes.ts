/**
 * Peatio's public and member APIs (this folder's README), registered inside the exchange service's tree
 * (/api/v2/peatio, exchange/routes.ts). The gateway's rows already route them: `public` is a pass path
 * (auth/paths.ts); every account's rows accept `api/v2/peatio/account` and `api/v2/peatio/market`
 * (auth/permissions-seed.ts), so a customer's session reaches these and no admin route.
 */
import type { FastifyInstance } from 'fastify';
import { publicRoutes } from './public.js';
import { accountRoutes } from './account.js';
import { memberOrderRoutes } from './orders.js';
import { memberDepositRoutes } from './deposits.js';
import { memberBeneficiaryRoutes } from './beneficiaries.js';
import { memberWithdrawRoutes } from './withdraws.js';

export function marketApiRoutes(app: FastifyInstance): void {
  publicRoutes(app);
  accountRoutes(app);
  memberOrderRoutes(app);
  memberDepositRoutes(app);
  memberBeneficiaryRoutes(app);
  memberWithdrawRoutes(app);
}
