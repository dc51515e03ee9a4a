/**
 * Four eyes guard a bonus's credit, not its withdrawal: the creator may reject their own pending bonus
 * (money/bonuses.ts says so, and approver_id records who decided), but the check refused any
 * approver_id equal to creator_id, so that rejection answered 500. A credited bonus still needs someone
 * other than its creator.
 */
export const up = `
ALTER TABLE bonuses DROP CONSTRAINT bonuses_four_eyes_check;
ALTER TABLE bonuses ADD CONSTRAINT bonuses_four_eyes_check CHECK (approver_id IS NULL OR approver_id <> creator_id OR state = 'rejected');
`;
