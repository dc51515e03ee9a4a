/** Top-level routing (spec §2 Access behaviour) around the signed-in shell and the toasts. */
import { lazy, Suspense, useEffect } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { useSnapshot } from 'valtio';
import { Loading } from './components/ui/Loading';
import { Toaster } from './components/toast/Toaster';
import LoginPage from './screens/login/LoginPage';
import EmailVerificationPage from './screens/email-verification/EmailVerificationPage';
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

const SignedInArea = lazy(() => import('./signed-in'));
const WhitelistPage = lazy(() => import('./screens/whitelist/WhitelistPage'));

function AppRoutes({ access: { authed, home } }: { access: Access }) {
  return (
    <Switch>
      <Route path="/">{<Redirect to={home} replace />}</Route>
      <Route path="/login">{authed ? <Redirect to={home} replace /> : <LoginPage />}</Route>
      {/* A whitelink's landing: open to anyone, signed in or not. */}
      <Route path="/whitelist"><Suspense fallback={<Loading label="Loading" />}><WhitelistPage /></Suspense></Route>
      <Route path="/email-verification">
        {home === '/email-verification' || hasToken() ? <EmailVerificationPage /> : <Redirect to={home} replace />}
      </Route>
      <Route>
        <Suspense fallback={<Loading label="Loading" />}>
          <SignedInArea access={{ authed, home }} />
        </Suspense>
      </Route>
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
