/**
 * The document title (docs/product-rules.md#screens-and-guards): what the screen shows of its own
 * (an article's headline, a room's title, a member's nickname) once it has it, else the screen's
 * name from the route table, then the service's name. Browser tabs, history and screen readers
 * tell pages apart by it. The route's name and the screen's own are kept apart, so neither
 * depends on whose effect runs last.
 */
import { useEffect } from 'react';

const SERVICE = '토론';
/** The title of a screen without a name (the landing page): the one the HTML is served with. */
const HOME = '토론 · Toron';

const parts: { route?: string; own?: string } = {};

function apply(): void {
  const name = parts.own ?? parts.route;
  document.title = name ? `${name} · ${SERVICE}` : HOME;
}

/** The route's screen name (the route table's), while this route is shown. */
export function useRouteTitle(name: string | undefined): void {
  useEffect(() => {
    parts.route = name;
    apply();
  }, [name]);
}

/** What this screen shows of its own, once it has it (undefined while loading: the route's name). */
export function usePageTitle(own: string | undefined): void {
  useEffect(() => {
    parts.own = own?.trim() || undefined;
    apply();
    return () => {
      parts.own = undefined;
      apply();
    };
  }, [own]);
}
