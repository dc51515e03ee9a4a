/** Rows and list replies shaped like the services' list answers (Total / Page / Per-Page headers). */
import type { FakeReply, FakeRequest } from './fake-api';

export function permissionRows(n: number, from = 1) {
  return Array.from({ length: n }, (_, i) => ({
    id: from + i, role: i % 2 ? 'support' : 'admin', verb: 'GET', path: `api/v2/barong/admin/thing${from + i}`,
    topic: 'users', action: 'ACCEPT', created_at: '2026-01-05T09:07:00Z', updated_at: '2026-02-10T17:45:00Z',
  }));
}

/** A list endpoint over `rows` that honours page and limit, so paging is observable. */
export function pagedList(rows: Record<string, unknown>[], extraHeaders: Record<string, string> = {}) {
  return (req: FakeRequest): FakeReply => {
    const page = Number(req.query.get('page') ?? 1);
    const limit = Number(req.query.get('limit') ?? 100);
    return {
      body: rows.slice((page - 1) * limit, page * limit),
      headers: { Total: String(rows.length), Page: String(page), 'Per-Page': String(limit), ...extraHeaders },
    };
  };
}

/** Signed in as a superadmin whose abilities are exactly `barong` / `peatio`. */
export function signedInWithAbilities(api: import('./fake-api').FakeApi, barong: object, peatio: object = {}) {
  api.on('GET', '/api/v2/barong/resource/users/me', { body: {
    email: 'root@exchange.test', uid: 'ID00000000AA', role: 'superadmin', level: 3, otp: false, state: 'active', profiles: [],
  } })
    .on('GET', '/api/v2/barong/admin/abilities', { body: barong })
    .on('GET', '/api/v2/peatio/admin/abilities', { body: peatio });
}
