/**
 * Peatio's chart of accounts. A code's hundreds say the kind (1 asset, 2 liability, 3 revenue,
 * 4 expense), its last digit the currency type (1 fiat, 2 coin); 20x is a member's main balance, 21x
 * the part locked in orders and withdrawals. Every account's balance is credit − debit, as in Peatio.
 */
export const KINDS = { 1: 'asset', 2: 'liability', 3: 'revenue', 4: 'expense' } as const;
export type Kind = (typeof KINDS)[keyof typeof KINDS];
export const KIND_NUMBER: Record<Kind, number> = { asset: 1, liability: 2, revenue: 3, expense: 4 };

export const CODES = [101, 102, 201, 202, 211, 212, 301, 302, 401, 402] as const;
export type Code = (typeof CODES)[number];
export type CurrencyType = 'fiat' | 'coin';

export const kindOf = (code: number): Kind => KINDS[Math.floor(code / 100) as 1 | 2 | 3 | 4];
export const typeOf = (code: number): CurrencyType => (code % 10 === 1 ? 'fiat' : 'coin');
export const isCode = (n: unknown): n is Code => CODES.includes(n as Code);

/** The code of a kind for a currency type: `code('liability', 'coin')` is 202; `locked` gives 21x. */
export function code(kind: Kind, type: CurrencyType, locked = false): Code {
  return (KIND_NUMBER[kind] * 100 + (locked ? 10 : 0) + (type === 'fiat' ? 1 : 2)) as Code;
}

/** The sign of a kind's balance in the invariant assets + expenses − liabilities − revenues = 0. */
export const SIGN: Record<Kind, 1n | -1n> = { asset: 1n, expense: 1n, liability: -1n, revenue: -1n };

/** The account column a liability code moves: 20x the balance, 21x the locked part. */
export const accountColumn = (c: number): 'balance' | 'locked' => (Math.floor(c / 10) % 10 === 1 ? 'locked' : 'balance');
