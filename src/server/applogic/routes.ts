/**
 * The application-logic service's route tree (`/api/v2/applogic`), mounted where a real deployment's
 * gateway puts applogic: the token and presale area (src/server/applogic/README.md, Token and presale area),
 * bonuses and the provider transactions with their webhooks, referral rules and rewards, Wonka's setup,
 * histories and customer quote and swap calls (src/server/applogic/README.md, Bonuses, payment and swap
 * histories). Its abilities are the exchange service's set (`GET /api/v2/peatio/admin/abilities`), as the
 * console reads them.
 */
import type { FastifyInstance } from 'fastify';
import { registerResourceRoutes } from '../resources/routes.js';
import { coinApplicationRoutes } from './coin-applications.js';
import { investmentRoutes } from './investments.js';
import { presaleRoutes, registerPresaleHooks } from './presales.js';
import { bonusRoutes } from './bonuses.js';
import { webhookRoutes } from './webhooks.js';
import { rewardRoutes } from './rewards.js';
import { providerLookupRoutes } from './provider-lookup.js';
import { registerReferralRuleHooks } from './referral-rules.js';
import { registerTokenHooks } from './tokens.js';
import { tokenUploadRoutes } from './token-upload.js';
import { registerWonkaHooks } from './wonka.js';
import { wonkaCustomerRoutes } from './wonka-customer.js';
import { nfeRoutes } from './nfe.js';
import { registerTokenConfigHooks } from './token-configs.js';

export const APPLOGIC_PREFIX = '/api/v2/applogic';

export async function registerApplogicRoutes(app: FastifyInstance): Promise<void> {
  registerPresaleHooks();
  registerTokenHooks();
  registerReferralRuleHooks();
  registerWonkaHooks();
  registerTokenConfigHooks();
  await app.register(async (applogic) => {
    presaleRoutes(applogic);
    investmentRoutes(applogic);
    coinApplicationRoutes(applogic);
    bonusRoutes(applogic);
    rewardRoutes(applogic);
    providerLookupRoutes(applogic);
    await webhookRoutes(applogic);
    tokenUploadRoutes(applogic);
    wonkaCustomerRoutes(applogic);
    nfeRoutes(applogic);
    registerResourceRoutes(applogic, 'applogic');
  }, { prefix: APPLOGIC_PREFIX });
}
