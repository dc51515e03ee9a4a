/** The customer side of Barong's identity and resource calls (README.md beside this file). */
import type { FastifyInstance } from 'fastify';
import { signUpRoutes } from './sign-up.js';
import { passwordRoutes } from './password.js';
import { profileRoutes } from './profiles.js';
import { phoneRoutes } from './phones.js';
import { otpRoutes } from './otp.js';
import { accountRoutes } from './account.js';

export function customerRoutes(app: FastifyInstance): void {
  signUpRoutes(app);
  passwordRoutes(app);
  profileRoutes(app);
  phoneRoutes(app);
  otpRoutes(app);
  accountRoutes(app);
}
