/**
 * payment_addresses.secret is sealed at rest (src/server/market-api/README.md, "Deposit address secrets"):
 * AES-256-GCM under the server's secrets key, which only the running server knows (STEWARD_SECRETS_KEY or the
 * embedded database's key file) — not this SQL. So the rows written before are sealed by the server at start
 * (market-api/address-secrets.ts sealPlaintextAddressSecrets, idempotent), and this migration makes the
 * database refuse any new plaintext: the CHECK holds every row inserted or updated from now on, whatever code
 * writes it. NOT VALID: the old rows are not checked here (they are plaintext until that start).
 */
export const up = `
ALTER TABLE payment_addresses ADD CONSTRAINT payment_addresses_secret_sealed
  CHECK (secret IS NULL OR secret LIKE 'sealed:v1:%') NOT VALID;
`;
