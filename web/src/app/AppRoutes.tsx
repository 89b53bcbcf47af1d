import { Suspense } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { LoadingBar } from '../ui/LoadingBar';
import { useRouteTitle } from '../lib/page-title';
import { ErrorBoundary, ScreenFailed } from './ErrorBoundary';
import { Guard } from './Guard';
import { pages } from './pages';
import { routes, type RouteDef, type RouteKey } from '../lib/routes';

const keys = Object.keys(routes) as RouteKey[];

/** One route's screen: its name in the document title, its guard, its page. */
function Screen({ route }: { route: RouteKey }) {
  const Page = pages[route];
  const { access, title }: RouteDef = routes[route];
  useRouteTitle(title);
  return (
    <Guard access={access}>
      <Page />
    </Guard>
  );
}

export function AppRoutes() {
  const [location] = useLocation();
  // A screen that fails leaves the shell standing; the next location tries again.
  return (
    <ErrorBoundary resetKey={location} fallback={<ScreenFailed />}>
      <Suspense fallback={<LoadingBar loading />}>
        <Switch>
          {keys.map((key) => (
            <Route key={key} path={routes[key].pattern}>
              <Screen route={key} />
            </Route>
          ))}
          <Route>
            <Screen route="notFound" />
          </Route>
        </Switch>
      </Suspense>
    </ErrorBoundary>
  );
}
