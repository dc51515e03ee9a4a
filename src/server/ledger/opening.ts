/**
 * Opening postings: the balances accounts already hold when the ledger starts (a database migrated
 * from before it, or the bulk seed's accounts, written as rows for speed) enter the ledger as one
 * posting per account — the asset (101 fiat / 102 coin) and the member's liability (20x for the
 * balance, 21x for the locked part) credited with the same amount — so the invariant holds from the
 * first row. An account the ledger already carries is skipped, so running it twice adds nothing.
 */
export const OPENING_SQL = `
WITH ins AS (
INSERT INTO operations (code, currency_id, member_id, reference_type, reference_id, credit, created_at)
SELECT s.code, a.currency_id, CASE WHEN s.code / 100 = 2 THEN a.user_id END, 'Opening', a.id, s.amount, a.created_at
FROM accounts a
JOIN currencies c ON c.code = a.currency_id
CROSS JOIN LATERAL (VALUES
  (CASE c.type WHEN 'fiat' THEN 101 ELSE 102 END, a.balance + a.locked),
  (CASE c.type WHEN 'fiat' THEN 201 ELSE 202 END, a.balance),
  (CASE c.type WHEN 'fiat' THEN 211 ELSE 212 END, a.locked)
) AS s(code, amount)
WHERE s.amount > 0
  AND NOT EXISTS (SELECT 1 FROM operations o WHERE o.member_id = a.user_id AND o.currency_id = a.currency_id)
RETURNING currency_id, kind, credit - debit AS amount
)
INSERT INTO ledger_totals (currency_id, kind, shard, amount)
SELECT currency_id, kind, 0, sum(amount) FROM ins GROUP BY currency_id, kind
ON CONFLICT (currency_id, kind, shard) DO UPDATE SET amount = ledger_totals.amount + EXCLUDED.amount`;
