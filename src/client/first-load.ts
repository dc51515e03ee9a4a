/**
 * A direct link without a request chain. Before, each step waited for the one before it: the entry,
 * then the session, then the abilities, then the signed-in area's and the screen's code, then the
 * screen's first data. main.tsx calls startFirstLoad() before rendering: the session and abilities
 * calls go out at once with the signed-in area's code, which starts the screen's code and first request
 * as soon as it arrives (first-screen.ts), without waiting for the session. Each preloaded answer is
 * picked up by the identical GET its screen sends (api/http.ts preloadGet).
 */
import { preloadSession } from './api/auth';
import { getCsrfToken } from './api/csrf';
import { session } from './state/session';

/**
 * The CSRF token is kept from sign-in to sign-out, so without it the visitor is certainly signed out
 * and only the session check goes out; with a stale one, a few refused calls are the whole cost (the
 * session store drops their answers when the session turns out to be gone).
 */
export async function startFirstLoad(path = location.pathname, search = location.search): Promise<void> {
  const signedIn = getCsrfToken() !== null;
  preloadSession(signedIn);
  if (!signedIn) {
    // Signed out: the sign-in page is what comes (app.tsx loads it lazily); its code loads with the check.
    void import('./screens/login/LoginPage').catch(() => undefined);
    return;
  }
  let area: typeof import('./signed-in');
  try {
    area = await import('./signed-in');
  } catch {
    return; // It fails again, visibly, where the route loads it.
  }
  // The session may have turned out to be gone meanwhile (its preloads are dropped then): preload no more.
  if (session.status !== 'anonymous') area.preloadScreen(path, search);
}
