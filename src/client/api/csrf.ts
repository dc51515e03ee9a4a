/** The CSRF token Barong returns only at sign-in; it must survive reloads, hence localStorage (spec §7). */
const KEY = 'csrfToken';

export function getCsrfToken(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function setCsrfToken(token: string | null | undefined): void {
  try {
    if (token) localStorage.setItem(KEY, token);
    else localStorage.removeItem(KEY);
  } catch {
    // Private mode or disabled storage: the session cookie still works for GETs.
  }
}

export const clearCsrfToken = (): void => setCsrfToken(null);
