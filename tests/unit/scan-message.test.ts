/** The console's line after a block scan (shared/resources/blockchains.ts): what was recorded, known, and too large. */
import { describe, expect, it } from 'vitest';
import { blockchains } from '../../src/shared/resources/blockchains';

const scanned = (found: Record<string, number>) => {
  const action = blockchains.calls!.find((a) => a.name === 'scan-block')!;
  return (action as { success: (answer: unknown, p: Record<string, unknown>) => string }).success({ processed_block: found }, { block_number: 7 });
};

describe('the scan-block message', () => {
  it('says what was recorded, what was known or below the minimum, and what was too large to record', () => {
    expect(scanned({ outputs_matched: 3, deposits_recorded: 3, out_of_range: 0 })).toBe('Block 7 scanned: 3 deposit(s) recorded');
    expect(scanned({ outputs_matched: 5, deposits_recorded: 1, out_of_range: 2 }))
      .toBe('Block 7 scanned: 1 deposit(s) recorded, 2 already known or below the minimum, 2 too large to record (see the scan in the audit log)');
    // A server before out_of_range answered without it.
    expect(scanned({ outputs_matched: 3, deposits_recorded: 2 })).toBe('Block 7 scanned: 2 deposit(s) recorded, 1 already known or below the minimum');
  });
});
