/** The exchange service's route tree, mounted where a real deployment's gateway puts Peatio. */
import type { FastifyInstance } from 'fastify';
import { abilityRoutes } from '../auth/abilities.js';
import { registerResourceRoutes } from '../resources/routes.js';
import { memberRoutes } from './members.js';
import { beneficiaryRoutes } from './beneficiaries.js';
import { blockchainRoutes } from './blockchains.js';
import { adjustmentRoutes } from './adjustments.js';
import { orderRoutes } from './orders.js';
import { operationRoutes } from './operations.js';
import { moneyMovementRoutes } from './money-movements.js';
import { walletTransferRoutes } from './wallet-transfers.js';
import { marketApiRoutes } from '../market-api/routes.js';

export const PEATIO_PREFIX = '/api/v2/peatio';

export async function registerPeatioRoutes(app: FastifyInstance): Promise<void> {
  await app.register(async (peatio) => {
    await peatio.register(abilityRoutes('peatio'), { prefix: '/admin' });
    await peatio.register(memberRoutes, { prefix: '/admin' });
    beneficiaryRoutes(peatio);
    blockchainRoutes(peatio);
    adjustmentRoutes(peatio);
    orderRoutes(peatio);
    operationRoutes(peatio);
    moneyMovementRoutes(peatio);
    walletTransferRoutes(peatio);
    marketApiRoutes(peatio);
    registerResourceRoutes(peatio, 'peatio');
  }, { prefix: PEATIO_PREFIX });
}
