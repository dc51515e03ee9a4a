/**
 * Which request paths need no session (Barong's authz `pass` rules, openware-api.md §1.1).
 * The decision is taken on a normalised path and fails closed: anything odd (dot segments,
 * undecodable escapes) under /api/ is treated as protected, so a crafted URL can never look
 * public here yet route to a protected handler.
 */

/** Prefixes served without a session; each matches itself or itself followed by `/`. */
export const PASS_PREFIXES = [
  '/api/v2/barong/identity',
  '/api/v2/barong/public',
  '/api/v2/peatio/public',
  '/api/v2/applogic/public',
  '/api/v2/ranger/public',
] as const;

/**
 * The last URL normalised and its path: the session gate, the permission check and the restrictions
 * each ask for the path of the same request, four or five times in all.
 */
let last: { url: string; path: string | null } = { url: '', path: '' };

/** The path part of a URL, percent-decoded, with repeated slashes collapsed and no trailing slash. */
export function normalisePath(url: string): string | null {
  if (url === last.url) return last.path;
  const path = normalised(url);
  last = { url, path };
  return path;
}

function normalised(url: string): string | null {
  const raw = url.split(/[?#]/, 1)[0] ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const path = decoded.replace(/\/{2,}/g, '/');
  if (/(^|\/)\.{1,2}(\/|$)/.test(path) || path.includes('\\') || path.includes('\0')) return null;
  return path.length > 1 ? path.replace(/\/$/, '') : path;
}

function under(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** Whether a URL could be an API call at all, judged on its raw text (for paths normalisePath cannot read). */
const looksLikeApi = (url: string) => url.toLowerCase().replace(/\/{2,}/g, '/').startsWith('/api');

/**
 * An API URL whose path cannot be judged (dot segments, backslashes, undecodable escapes, a NUL): the
 * input guard answers it 400 `server.request.invalid_path` before any gate, so a staff member is told the
 * path is wrong rather than that they lack a permission. The gates still fail closed on it.
 */
export const isUnreadableApiPath = (url: string): boolean => normalisePath(url) === null && looksLikeApi(url);

/** True when the request needs no session: anything outside /api/, plus the pass prefixes. */
export function isPassPath(url: string): boolean {
  const path = normalisePath(url);
  // Undecodable or dot-segment paths: protected if they could be an API call at all.
  if (path === null) return !looksLikeApi(url);
  if (!under(path.toLowerCase(), '/api')) return true;
  return PASS_PREFIXES.some((p) => under(path, p));
}
