/**
 * RFC 6238 TOTP check (6 digits, 30 s steps, one step of drift either way, each step once) on otplib
 * 13. The time comes from the app clock, not Date.now(), so tests can move through steps with a fake clock.
 */
import { verify } from 'otplib';

export const TOTP_PERIOD_S = 30;
export const TOTP_DIGITS = 6;

/** A library failure (bad stored secret and the like): the route answers 422 totp.error. */
export class TotpError extends Error {}

/**
 * What a code is worth: the time step it belongs to when it is a code of the current step or one either
 * side, 'spent' when it is such a code but its step is at or before `afterStep` (the user's last accepted
 * one: a code works once, RFC 6238 §5.2), else null. A spent code proves the secret as much as a fresh
 * one, so the caller refuses it without counting a guess (a double-submitted form must not lock anyone
 * out); the caller claims a fresh step atomically (claimOtpStep) to settle two concurrent uses.
 */
export async function verifyTotp(
  secret: string | null, code: string, now: Date, afterStep: number | null = null,
): Promise<number | 'spent' | null> {
  // Only digits reach the library: anything else is simply a wrong code, not a library error.
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code)) return null;
  if (!secret) throw new TotpError('2FA is on but the user has no secret');
  const epoch = Math.floor(now.getTime() / 1000);
  // Every step the window allows is used up already (the library would throw on such an afterTimeStep).
  const allSpent = afterStep !== null && afterStep >= Math.floor(epoch / TOTP_PERIOD_S) + 1;
  const fresh = allSpent ? null : await matchStep(secret, code, epoch, afterStep);
  if (fresh !== null || afterStep === null) return fresh;
  // Asked again without the floor: the same code one step of drift either way, only already used.
  return (await matchStep(secret, code, epoch, null)) === null ? null : 'spent';
}

async function matchStep(secret: string, token: string, epoch: number, afterStep: number | null): Promise<number | null> {
  try {
    const result = await verify({
      secret,
      token,
      period: TOTP_PERIOD_S,
      digits: TOTP_DIGITS,
      epoch,
      // In seconds: one period each way accepts exactly the previous and the next step.
      epochTolerance: TOTP_PERIOD_S,
      ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
    });
    // otplib's result type covers HOTP too; a TOTP answer always carries its time step.
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch (err) {
    throw new TotpError(err instanceof Error ? err.message : String(err));
  }
}
