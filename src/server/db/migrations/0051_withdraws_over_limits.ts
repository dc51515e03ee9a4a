/**
 * A member's withdrawal over the member's withdraw limits (Peatio 2.6's WithdrawLimit; market-api/README.md,
 * "Withdraw limits") waits for two different staff members, as one above the currency's review amount does:
 * the request records that it was over, under the member's row lock, and acceptance reads it. Constant
 * default: a catalogue change, no rewrite of the table.
 */
export const up = `
ALTER TABLE withdraws ADD COLUMN over_limits boolean NOT NULL DEFAULT false;
`;
