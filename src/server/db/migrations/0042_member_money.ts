/**
 * A member's own money calls (src/server/market-api/README.md, "Deposits, withdrawals, beneficiaries"):
 *
 * beneficiaries gain Peatio's activation pin — only a SHA-256 of it (`pin_hash`, a leaked table activates
 * nothing), when it stops working (`pin_expires_at`) and when it was last sent (`sent_at`, Peatio's
 * field: a resend within a minute is refused). Activating spends it in one UPDATE (pin_hash back to NULL).
 *
 * payment_addresses gain `secret`: the passphrase an Ethereum node's account was made with
 * (personal_newAccount), without which the deposit wallet cannot move what arrives there; never answered.
 *
 * withdraws gain the beneficiary a member's request named (`rid` keeps its address as before).
 *
 * payment_addresses notify steward_events when one is made, as the other money tables do (0019): Ranger's
 * private `deposit_address` stream sends `{type: create, currencies, address}` to the member — only once
 * the row is committed, whichever node or path made it.
 */
export const up = `
ALTER TABLE beneficiaries ADD COLUMN pin_hash text, ADD COLUMN pin_expires_at timestamptz, ADD COLUMN sent_at timestamptz;
ALTER TABLE payment_addresses ADD COLUMN secret text;
ALTER TABLE withdraws ADD COLUMN beneficiary_id bigint REFERENCES beneficiaries(id) ON DELETE SET NULL;

CREATE FUNCTION steward_events_payment_addresses() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT steward_events_on() THEN RETURN NULL; END IF;
  PERFORM pg_notify('steward_events', json_build_object('t', 'deposit_address', 'member_id', n.user_id, 'address', n.address,
    'currencies', (SELECT coalesce(json_agg(c.code ORDER BY c.position, c.code), '[]'::json) FROM currencies c
      WHERE c.blockchain_key = n.blockchain_key AND c.visible))::text)
  FROM fresh n;
  RETURN NULL;
END $$;
CREATE TRIGGER payment_addresses_events_inserted AFTER INSERT ON payment_addresses REFERENCING NEW TABLE AS fresh
  FOR EACH STATEMENT EXECUTE FUNCTION steward_events_payment_addresses();
`;
