/** Top-level routing (spec §2 Access behaviour) around the signed-in shell and the toasts. */
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { useSnapshot } from 'valtio';
import { Loading } from './components/ui/Loading';
import { Toaster } from './components/toast/Toaster';
import { restoreSession, session } from './state/session';

/**
 * The routing decision inputs, read from ONE session snapshot in App and passed down: valtio notifies
 * components asynchronously, so two components reading their own snapshots can disagree for a moment
 * and bounce the browser between redirects.
 */
export interface Access {
  authed: boolean;
  /** Where a visitor belongs when the path does not say: sign-in, email verification or the dashboard. */
  home: '/login' | '/dashboard' | '/email-verification';
}

/** An e-mail confirmation link (/email-verification?token=…) is opened by anyone, signed in or not. */
const hasToken = () => new URLSearchParams(window.location.search).has('token');

// Every page loads lazily: a signed-in list's first load carries no sign-in page (first-load.ts starts the
// sign-in page's code with the session check when the browser holds no CSRF token).
const SignedInArea = lazy(() => import('./signed-in'));
const WhitelistPage = lazy(() => import('./screens/whitelist/WhitelistPage'));
const LoginPage = lazy(() => import('./screens/login/LoginPage'));
const EmailVerificationPage = lazy(() => import('./screens/email-verification/EmailVerificationPage'));

/**
 * A lazily loaded page under a boundary of its own: the page left unmounts at once (a form writes its draft as it
 * closes on sign-out), not hidden until the next page's code is there.
 */
const page = (key: string, node: ReactNode) => <Suspense key={key} fallback={<Loading label="Loading" />}>{node}</Suspense>;

function AppRoutes({ access: { authed, home } }: { access: Access }) {
  return (
    <Switch>
      <Route path="/">{<Redirect to={home} replace />}</Route>
      <Route path="/login">{authed ? <Redirect to={home} replace /> : page('login', <LoginPage />)}</Route>
      {/* A whitelink's landing: open to anyone, signed in or not. */}
      <Route path="/whitelist">{page('whitelist', <WhitelistPage />)}</Route>
      <Route path="/email-verification">
        {home === '/email-verification' || hasToken() ? page('email', <EmailVerificationPage />) : <Redirect to={home} replace />}
      </Route>
      <Route>{page('signed-in', <SignedInArea access={{ authed, home }} />)}</Route>
    </Switch>
  );
}

export function App() {
  const { status, user } = useSnapshot(session);
  useEffect(() => {
    void restoreSession();
  }, []);
  const authed = status === 'authenticated' && !!user;
  const access: Access = { authed, home: !authed ? '/login' : user.level > 0 ? '/dashboard' : '/email-verification' };
  return (
    <>
      {status === 'loading' ? <Loading label="Restoring your session" /> : <AppRoutes access={access} />}
      <Toaster />
    </>
  );
}
