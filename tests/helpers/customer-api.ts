/**
 * A customer as baseapp 2.6 is one, over real HTTP: Barong's session cookie kept and sent back, the
 * `csrf_token` of the sign-in's answer sent as `X-CSRF-Token` on every write once signed in (baseapp's
 * axios does so on every request), JSON bodies, multipart for documents. Answers are not judged here: the
 * journey says what it expects of each.
 */
export interface Answer<T = any> { status: number; body: T; headers: Headers }

export class CustomerApi {
  private cookies = new Map<string, string>();
  csrf = '';

  constructor(private readonly base: string) {}

  /**
   * `path` under /api/v2 (`/barong/identity/users`); `body` a JSON object or a multipart form. baseapp's
   * logout (`DELETE /barong/identity/sessions`) goes without the CSRF header, as it does in baseapp.
   */
  async call<T = any>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: object | FormData): Promise<Answer<T>> {
    const headers: Record<string, string> = { 'user-agent': 'baseapp/2.6 (steward journey)', accept: 'application/json' };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const logout = method === 'DELETE' && path === '/barong/identity/sessions';
    if (this.csrf && method !== 'GET' && !logout) headers['x-csrf-token'] = this.csrf;
    if (body && !(body instanceof FormData)) headers['content-type'] = 'application/json';
    const res = await fetch(`${this.base}/api/v2${path}`, {
      method, headers, body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair!.indexOf('=');
      const [name, value] = [pair!.slice(0, at), pair!.slice(at + 1)];
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(c) || value === '') this.cookies.delete(name); else this.cookies.set(name, value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    try { parsed = text ? JSON.parse(text) : null; } catch { /* not JSON: the text */ }
    // A sign-in or confirmation answers the user with the session's CSRF token, which baseapp keeps.
    const token = (parsed as { csrf_token?: unknown } | null)?.csrf_token;
    if (typeof token === 'string') this.csrf = token;
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  /** Like call, but the status must be `status`; answers the body. */
  async ok<T = any>(status: number, method: Parameters<CustomerApi['call']>[0], path: string, body?: object | FormData): Promise<T> {
    const a = await this.call<T>(method, path, body);
    if (a.status !== status) throw new Error(`${method} ${path}: ${a.status} ${JSON.stringify(a.body)} (expected ${status})`);
    return a.body;
  }
}

/** A multipart form as baseapp's document upload sends it: the fields, then each file as `upload[]`. */
export function documentForm(fields: Record<string, string>, files: Array<{ name: string; type: string; bytes: Buffer }>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append('upload[]', new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  return form;
}
