import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { redirectFor } from './access';
import type { Access } from '../lib/routes';
import { useSessionView } from './use-session-view';

/**
 * Renders the page or sends the visitor where docs/product-rules.md#screens-and-guards says; re-checked whenever the
 * session changes.
 */
export function Guard({ access, children }: { access: Access; children: ReactNode }) {
  const [location] = useLocation();
  const search = useSearch();
  const target = redirectFor(access, useSessionView(), search ? `${location}?${search}` : location);
  return target ? <Redirect to={target} replace /> : <>{children}</>;
}
