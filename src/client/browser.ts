/**
 * Browser navigation the app performs outside the router, behind one object so tests can observe
 * a full-page redirect (jsdom cannot navigate to another origin).
 */
import { navigate as routerNavigate } from 'wouter/use-browser-location';

export const browser = {
  /** Leaves the console for another site (role not on the allowed list). */
  assign(url: string): void {
    window.location.assign(url);
  },
  /** An in-app route change from outside React (store actions, the transport's sign-in redirect). */
  navigate(path: string, replace = false): void {
    routerNavigate(path, { replace });
  },
  /** Spec §5: an unpermitted page goes back one step; with nothing to go back to, land on the dashboard. */
  back(): void {
    if (window.history.length > 1) window.history.back();
    else routerNavigate('/dashboard', { replace: true });
  },
};
