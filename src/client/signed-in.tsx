/**
 * The signed-in area: the shell around the matched route's screen. Loaded lazily so the sign-in page
 * ships without the shell, its dialogs or any screen code. A direct link loads it before the session is
 * known and starts its screen from here (first-load.ts), so the screens stay chunks of this area.
 */
import { Suspense } from 'react';
import { Redirect, useLocation, useRouter } from 'wouter';
import { RouteGuard } from './access';
import { Loading } from './components/ui/Loading';
import { Shell } from './components/layout/Shell';
import { accessKind, routeAt } from './routes';
import type { Access } from './app';

export { preloadScreen } from './first-screen';

export default function SignedInArea({ access }: { access: Access }) {
  const [path] = useLocation();
  const { parser } = useRouter();
  const match = routeAt(parser, path);
  if (!match) return <Redirect to="/" replace />;
  if (access.home !== '/dashboard') return <Redirect to={access.home} replace />;

  const { route, params } = match;
  const Screen = route.screen;
  return (
    <Shell title={route.title}>
      <RouteGuard kind={accessKind(route, params)}>
        <Suspense fallback={<Loading label="Loading page" />}>
          <Screen key={route.path} params={params} />
        </Suspense>
      </RouteGuard>
    </Shell>
  );
}

