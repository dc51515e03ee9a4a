/**
 * users.otp_secret is sealed at rest when the server has a secrets key (src/server/auth/README.md, "Secrets at
 * rest"; auth/otp-secrets.ts). The rows still plaintext — written before, or without a key — are found by the
 * start's sealing pass through this partial index, so a start reads only them, not every user (a million at
 * the bench seed): empty once everything is sealed. Not a CHECK as on payment_addresses.secret (0048): without
 * a key (DATABASE_URL and no STEWARD_SECRETS_KEY) 2FA keeps working on plaintext secrets, by design.
 */
export const up = `
CREATE INDEX users_otp_secret_plaintext_idx ON users (id) WHERE otp_secret NOT LIKE 'sealed:%';
`;
