/**
 * RFC 6238 TOTP check (6 digits, 30 s steps, one step of drift either way) on otplib 13. The time
 * comes from the app clock, not Date.now(), so tests can move through steps with a fake clock.
 */
import { verify } from 'otplib';

export const TOTP_PERIOD_S = 30;
export const TOTP_DIGITS = 6;

/** A library failure (bad stored secret and the like): the route answers 422 totp.error. */
export class TotpError extends Error {}

export async function verifyTotp(secret: string | null, code: string, now: Date): Promise<boolean> {
  // Only digits reach the library: anything else is simply a wrong code, not a library error.
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code)) return false;
  if (!secret) throw new TotpError('2FA is on but the user has no secret');
  try {
    const result = await verify({
      secret,
      token: code,
      period: TOTP_PERIOD_S,
      digits: TOTP_DIGITS,
      epoch: Math.floor(now.getTime() / 1000),
      // In seconds: one period each way accepts exactly the previous and the next step.
      epochTolerance: TOTP_PERIOD_S,
    });
    return result.valid;
  } catch (err) {
    throw new TotpError(err instanceof Error ? err.message : String(err));
  }
}
