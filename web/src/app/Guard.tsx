import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { redirectFor } from './access';
import type { Access } from './routes';
import { useSessionView } from './use-session-view';

/** Renders the page or sends the visitor where part1 §2 says; re-checked whenever the session changes. */
export function Guard({ access, children }: { access: Access; children: ReactNode }) {
  const target = redirectFor(access, useSessionView());
  return target ? <Redirect to={target} replace /> : <>{children}</>;
}
