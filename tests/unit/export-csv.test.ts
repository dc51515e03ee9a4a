// The CSV of a list export (shared/export.ts): RFC 4180 quoting, the formula guard, UTC timestamps, the
// columns a list exports (every registry resource's own), and the client's record count over chunks.
import { describe, expect, it } from 'vitest';
import { cellText, countRecords, csvField, csvRow, exportColumns, pickColumns } from '../../src/shared/export.js';
import { RESOURCES, resourceNamed } from '../../src/shared/resources/index.js';

describe('csv cells', () => {
  it('quotes per RFC 4180 and guards formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('say "hi", friend')).toBe('"say ""hi"", friend"');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvField('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    for (const s of ['+cmd', '-cmd', '@sum', '\tx', '\rx']) expect(csvField(s).replace(/^"/, '')).toMatch(/^'/);
    // A signed number is data, not a formula.
    expect(csvField('-12.5')).toBe('-12.5');
    expect(csvField('-1e-8')).toBe('-1e-8');
  });

  it('writes timestamps in UTC, objects as JSON, nothing for null', () => {
    expect(cellText('2026-05-01T10:00:00+02:00', 'datetime')).toBe('2026-05-01T08:00:00.000Z');
    expect(cellText('2026-05-01T10:00:00Z', 'datetime')).toBe('2026-05-01T10:00:00Z');
    expect(cellText('2026-05-01', 'date')).toBe('2026-05-01');
    expect(cellText(new Date('2026-05-01T10:00:00Z'))).toBe('2026-05-01T10:00:00.000Z');
    expect(cellText({ a: 1 })).toBe('{"a":1}');
    expect(cellText(null)).toBe('');
    expect(cellText(false)).toBe('false');
  });
});

describe('export columns', () => {
  it.each(RESOURCES.filter((r) => r.endpoints.list).map((r) => [r.name]))('%s: every declared column, with a header', (name) => {
    const r = resourceNamed(name);
    const cols = exportColumns(r);
    expect(cols.length).toBe(r.columns.length);
    for (const c of cols) expect(c.header.length).toBeGreaterThan(0);
    expect(new Set(cols.map((c) => c.id)).size).toBe(cols.length);
    expect(pickColumns(r, undefined)).toEqual(cols);
  });

  it('picks the columns asked for, in order, and refuses unknown or repeated ones', () => {
    const users = resourceNamed('users');
    expect(pickColumns(users, 'email,uid')!.map((c) => c.id)).toEqual(['email', 'uid']);
    expect(pickColumns(users, 'uid,password_digest')).toBeNull();
    expect(pickColumns(users, 'uid,uid')).toBeNull();
    expect(pickColumns(users, ['uid'])).toBeNull();
  });

  it('reads a flags map column inside its map', () => {
    const cols = [{ id: 'opts.deposit', header: 'Deposit', field: 'opts', key: 'deposit' }];
    expect(csvRow({ opts: { deposit: true } }, cols)).toBe('true\r\n');
  });
});

describe('counting records as they stream', () => {
  it('counts line ends outside quotes, across chunk boundaries', () => {
    let s = { inQuotes: false, records: 0 };
    for (const chunk of ['a,b\r\n1,"x', '\r\ny"\r\n2,', '"q""', '"\r\n']) s = countRecords(chunk, s);
    expect(s).toEqual({ inQuotes: false, records: 3 });
  });
});
