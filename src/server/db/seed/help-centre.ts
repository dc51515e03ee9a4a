/**
 * The help centre and the e-mails the platform sends: FAQ categories and questions (P-E16) and email
 * types (P-A35), written by hand like an exchange's real help pages, with every state and an order by
 * position. Deterministic (dates are days before `now`) and idempotent: a row whose name or question is
 * already there is left alone, so seeding over staff's own edits adds nothing twice.
 */
import { exec, type SeedContext } from './context.js';
import { lit } from './sql.js';

type State = 'active' | 'inactive' | 'pending';

/** [name, description, position, state, days ago created]. */
const CATEGORIES: ReadonlyArray<readonly [string, string, number, State, number]> = [
  ['Getting started', 'Opening an account, confirming your e-mail and your first deposit.', 1, 'active', 340],
  ['Account and security', 'Passwords, two-factor authentication, devices and suspicious sign-ins.', 2, 'active', 338],
  ['Identity verification', 'Documents we accept, review times and what each level unlocks.', 3, 'active', 330],
  ['Deposits and withdrawals', 'Funding your account, networks, confirmations and bank transfers.', 4, 'active', 322],
  ['Trading and fees', 'Order types, maker and taker fees, and the markets we list.', 5, 'active', 300],
  ['Staking', 'Earning rewards on the coins you hold (launching soon).', 6, 'pending', 21],
  ['Legacy wallet app', 'The wallet app retired in favour of the exchange app.', 7, 'inactive', 365],
];

/** [category, position, state, days ago created, question, answer]. */
const FAQS: ReadonlyArray<readonly [string, number, State, number, string, string]> = [
  ['Getting started', 1, 'active', 339, 'How do I open an account?',
    'Sign up with your e-mail address or phone number, choose a password and confirm the link or code we send you. You can explore the markets straight away; deposits and trading open once your e-mail is confirmed.'],
  ['Getting started', 2, 'active', 337, "I didn't receive the confirmation e-mail. What should I do?",
    'Check your spam or promotions folder first. The link is valid for 24 hours; from the sign-in page you can ask for a new one after 60 seconds. If it still does not arrive, contact support from the address you signed up with.'],
  ['Getting started', 3, 'active', 250, 'Which countries can use the exchange?',
    'Residents of most countries can open an account. We cannot serve residents of sanctioned jurisdictions; the list is in our terms of service and is checked again during identity verification.'],
  ['Account and security', 1, 'active', 336, 'How do I turn on two-factor authentication?',
    'Open Security in your profile, scan the QR code with an authenticator app (Google Authenticator, Authy, 1Password) and enter the six-digit code to confirm. Keep the backup key somewhere safe and offline.'],
  ['Account and security', 2, 'active', 310, 'I lost the phone with my authenticator app.',
    'Contact support from your registered e-mail. After an identity check by video call, staff can switch two-factor authentication off so you can set it up again on your new phone. Withdrawals are paused for 24 hours afterwards.'],
  ['Account and security', 3, 'active', 120, 'Why was my account locked after failed sign-ins?',
    'After ten wrong passwords in fifteen minutes we lock sign-in to protect you. Wait fifteen minutes or reset your password; if you did not make those attempts, change your password and turn on two-factor authentication.'],
  ['Identity verification', 1, 'active', 329, 'Which documents can I use to verify my identity?',
    'A valid passport, national identity card or driving licence, plus a selfie. The photo must show all four corners and be readable; scans and screenshots are not accepted.'],
  ['Identity verification', 2, 'active', 300, 'How long does verification take?',
    'Most applications are reviewed within one business day. We e-mail you as soon as a decision is made; if we need another document, the e-mail says which.'],
  ['Identity verification', 3, 'pending', 6, 'What are the limits at each verification level?',
    'Level 1 (e-mail confirmed): deposits only. Level 2 (phone confirmed): trading and crypto withdrawals up to the daily limit. Level 3 (identity verified): fiat withdrawals and higher limits.'],
  ['Deposits and withdrawals', 1, 'active', 321, 'How many confirmations does a deposit need?',
    'Bitcoin deposits are credited after 2 confirmations and Ethereum and tokens after 12. The deposit page shows the progress; sending on the wrong network can lose the funds.'],
  ['Deposits and withdrawals', 2, 'active', 318, 'Why is my withdrawal still pending?',
    'New withdrawal addresses are held for 24 hours after you add them, and large withdrawals are reviewed by our team. You receive an e-mail when the transfer is sent, with its transaction id.'],
  ['Deposits and withdrawals', 3, 'active', 200, 'Can I deposit US dollars or euros by bank transfer?',
    'Yes, once your identity is verified. Use the reference shown on the deposit page so we can match the transfer; SEPA transfers usually arrive the next business day.'],
  ['Trading and fees', 1, 'active', 299, 'What is the difference between maker and taker fees?',
    'A maker order adds liquidity to the order book (a limit order that does not fill at once) and pays the lower maker fee. A taker order fills against an existing order and pays the taker fee.'],
  ['Trading and fees', 2, 'active', 280, 'What is a limit order?',
    'An order to buy or sell at a price you set or better. It waits in the order book until the market reaches your price or you cancel it.'],
  ['Trading and fees', 3, 'inactive', 260, 'Do you offer margin trading?',
    'Margin trading was paused while we review our risk controls. Open positions were closed and settled on the day of the change.'],
  ['Staking', 1, 'pending', 20, 'Which coins will I be able to stake?',
    'We plan to start with Ethereum and add others after launch. Rewards, lock-up periods and fees will be shown before you commit any funds.'],
  ['Legacy wallet app', 1, 'inactive', 364, 'How do I move my funds from the old wallet app?',
    'Sign in to the exchange app with the same e-mail: balances from the old wallet were moved automatically. The old app no longer receives updates.'],
];

/** [name (lower-case letters only, spec §5), key, description, status, days ago created]. */
const EMAIL_TYPES: ReadonlyArray<readonly [string, string, string, 'active' | 'inactive', number]> = [
  ['confirmation', 'email_confirmation', 'Link to confirm the e-mail address after sign-up.', 'active', 360],
  ['passwordreset', 'password_reset', 'Link to choose a new password, valid for 30 minutes.', 'active', 360],
  ['loginalert', 'new_device_login', 'Sign-in from a new device or IP address, with its location.', 'active', 350],
  ['accountlocked', 'account_locked', 'Sign-in locked after too many failed attempts.', 'active', 340],
  ['twofactor', 'otp_changed', 'Two-factor authentication turned on or off.', 'active', 340],
  ['phonechanged', 'phone_changed', 'The phone number on the account changed.', 'active', 300],
  ['kycapproved', 'document_verified', 'Identity verified; the new limits are listed.', 'active', 330],
  ['kycrejected', 'document_rejected', 'Identity documents rejected, with the reason and how to send new ones.', 'active', 330],
  ['deposit', 'deposit_accepted', 'A deposit was credited to the account.', 'active', 320],
  ['withdrawal', 'withdrawal_requested', 'A withdrawal request was received, with the amount and address.', 'active', 320],
  ['withdrawalsent', 'withdrawal_succeed', 'A withdrawal was sent, with its transaction id.', 'active', 320],
  ['fundslocked', 'funds_locked', 'Part of the balance was locked or unlocked by staff.', 'active', 90],
  ['newsletter', 'marketing_newsletter', 'Monthly product news, for users who opted in.', 'inactive', 200],
  ['referralreward', 'referral_reward', 'A referral bonus was paid.', 'inactive', 150],
];

/** `days` before now, plus an hour offset so rows created the same day still differ. */
const daysAgo = (ctx: SeedContext, days: number, hour: number) => `${ctx.nowSql} - interval '${days} days' + interval '${hour % 10} hours'`;

export async function insertHelpCentre(ctx: SeedContext): Promise<void> {
  await exec(ctx, `INSERT INTO faq_categories (name, description, position, state, created_at, updated_at)
SELECT v.name, v.description, v.position, v.state, v.t, v.t
FROM (VALUES ${CATEGORIES.map(([name, description, position, state, days], i) =>
    `(${i}, ${lit(name)}, ${lit(description)}, ${position}, ${lit(state)}, ${daysAgo(ctx, days, i)})`).join(', ')}
) AS v(i, name, description, position, state, t)
WHERE NOT EXISTS (SELECT 1 FROM faq_categories c WHERE c.name = v.name)
ORDER BY v.i`);

  // A question answered later than it was asked: updated a few days after creation, never after now.
  await exec(ctx, `INSERT INTO faqs (question, answer, faq_category_id, position, state, created_at, updated_at)
SELECT v.question, v.answer, c.id, v.position, v.state, v.t, least(v.t + interval '3 days', ${ctx.nowSql})
FROM (VALUES ${FAQS.map(([category, position, state, days, question, answer], i) =>
    `(${i}, ${lit(category)}, ${position}, ${lit(state)}, ${daysAgo(ctx, days, i)}, ${lit(question)}, ${lit(answer)})`).join(', ')}
) AS v(i, category, position, state, t, question, answer)
JOIN LATERAL (SELECT id FROM faq_categories WHERE name = v.category ORDER BY id LIMIT 1) c ON true
WHERE NOT EXISTS (SELECT 1 FROM faqs f WHERE f.question = v.question)
ORDER BY v.i`);

  await exec(ctx, `INSERT INTO email_types (name, key, description, status, created_at, updated_at)
VALUES ${EMAIL_TYPES.map(([name, key, description, status, days], i) =>
    `(${lit(name)}, ${lit(key)}, ${lit(description)}, ${lit(status)}, ${daysAgo(ctx, days, i)}, ${daysAgo(ctx, days, i)})`).join(', ')}
ON CONFLICT (name) DO NOTHING`);

  // The providers messages go out through: the spec's default SMS service (a mock verify service), a
  // real SMS gateway, and e-mail over SMTP and an API provider; one of each kind switched off.
  await exec(ctx, `INSERT INTO platform_settings (service_type, service_name, state, created_at, updated_at)
VALUES ${PLATFORM_SETTINGS.map(([type, name, state, days], i) =>
    `(${lit(type)}, ${lit(name)}, ${lit(state)}, ${daysAgo(ctx, days, i)}, ${daysAgo(ctx, Math.max(0, days - 30), i)})`).join(', ')}
ON CONFLICT (service_type, service_name) DO NOTHING`);
  // Their senders by country: the name or number a customer's phone shows; a few switched off.
  await exec(ctx, `INSERT INTO sms_sender_configs (platform_setting_id, country_code, sender, status, created_at, updated_at)
SELECT p.id, v.country, v.sender, v.status, ${ctx.nowSql} - make_interval(days => v.days), ${ctx.nowSql} - make_interval(days => v.days)
FROM (VALUES ${SMS_SENDERS.map(([service, country, sender, status, days]) => `(${lit(service)}, ${lit(country)}, ${lit(sender)}, ${lit(status)}, ${days})`).join(', ')})
  AS v(service, country, sender, status, days)
JOIN platform_settings p ON p.service_type = 'sms' AND p.service_name = v.service
ON CONFLICT (platform_setting_id, country_code) DO NOTHING`);
}

const SMS_SENDERS: ReadonlyArray<readonly [string, string, string, string, number]> = [
  ['twilio', 'US', '+18005550100', 'active', 280], ['twilio', 'GB', 'Steward', 'active', 270], ['twilio', 'DE', 'Steward', 'active', 260],
  ['twilio', 'IN', 'STWRDX', 'inactive', 200], ['mock-verify', 'NP', 'Steward', 'active', 390], ['mock-verify', 'US', 'Steward', 'inactive', 380],
  ['messagebird', 'NL', 'Steward', 'inactive', 150],
];

const PLATFORM_SETTINGS: ReadonlyArray<readonly [string, string, string, number]> = [
  ['sms', 'mock-verify', 'enabled', 400], ['sms', 'twilio', 'enabled', 300], ['sms', 'messagebird', 'disabled', 200],
  ['email', 'smtp', 'enabled', 400], ['email', 'sendgrid', 'disabled', 250],
];
