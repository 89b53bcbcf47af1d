import { Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { LoadingBar } from '../ui/LoadingBar';
import { Guard } from './Guard';
import { pages } from './pages';
import { routes, type RouteKey } from '../lib/routes';

const keys = Object.keys(routes) as RouteKey[];
const NotFound = pages.notFound;

export function AppRoutes() {
  return (
    <Suspense fallback={<LoadingBar loading />}>
      <Switch>
        {keys.map((key) => {
          const Page = pages[key];
          return (
            <Route key={key} path={routes[key].pattern}>
              <Guard access={routes[key].access}>
                <Page />
              </Guard>
            </Route>
          );
        })}
        <Route>
          <NotFound />
        </Route>
      </Switch>
    </Suspense>
  );
}
