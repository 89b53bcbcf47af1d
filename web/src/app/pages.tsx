import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteKey } from '../lib/routes';

type Page = LazyExoticComponent<ComponentType>;

// Each screen is its own chunk, so a first visit to / loads only the landing page. The screens
// come with the server-data cache around them; the landing page shows no server data and skips it.
const page = <M,>(load: () => Promise<M>, pick: (m: M) => ComponentType): Page =>
  lazy(() =>
    Promise.all([load(), import('../lib/server-data')]).then(([m, data]) => ({
      default: data.withServerData(pick(m)),
    })),
  );

export const pages: Record<RouteKey, Page> = {
  landing: lazy(() => import('../features/landing/LandingPage').then((m) => ({ default: m.LandingPage }))),
  login: page(
    () => import('../features/auth/LoginPage'),
    (m) => m.LoginPage,
  ),
  oauthCallback: page(
    () => import('../features/auth/OAuthCallbackPage'),
    (m) => m.OAuthCallbackPage,
  ),
  signup: page(
    () => import('../features/auth/SignupPage'),
    (m) => m.SignupPage,
  ),
  main: page(
    () => import('../features/home/HomePage'),
    (m) => m.HomePage,
  ),
  news: page(
    () => import('../features/news/NewsPage'),
    (m) => m.NewsPage,
  ),
  newsDetail: page(
    () => import('../features/news/NewsDetailPage'),
    (m) => m.NewsDetailPage,
  ),
  debateRooms: page(
    () => import('../features/debate-rooms/DebateRoomsPage'),
    (m) => m.DebateRoomsPage,
  ),
  debaters: page(
    () => import('../features/debaters/DebatersPage'),
    (m) => m.DebatersPage,
  ),
  profileUpdate: page(
    () => import('../features/user-page/ProfileUpdatePage'),
    (m) => m.ProfileUpdatePage,
  ),
  // Features never import each other: the shell hands the report dialog to the user page.
  userPage: page(
    () => Promise.all([import('../features/user-page/UserPage'), import('../features/reports/ReportDialog')]),
    ([userPage, reports]) =>
      function UserPageWithReports() {
        return <userPage.UserPage ReportDialog={reports.ReportDialog} />;
      },
  ),
  newDebate: page(
    () => import('../features/debate-zone/NewDebatePage'),
    (m) => m.NewDebatePage,
  ),
  debateZone: page(
    () => Promise.all([import('../features/debate-zone/DebateZonePage'), import('../features/reports/ReportDialog')]),
    ([m, r]) =>
      () => <m.DebateZonePage ReportDialog={r.ReportDialog} />,
  ),
  observingZone: page(
    () =>
      Promise.all([import('../features/debate-zone/ObservingZonePage'), import('../features/reports/ReportDialog')]),
    ([m, r]) =>
      () => <m.ObservingZonePage ReportDialog={r.ReportDialog} />,
  ),
  archivedRoom: page(
    () => Promise.all([import('../features/debate-zone/ArchivedRoomPage'), import('../features/reports/ReportDialog')]),
    ([m, r]) =>
      () => <m.ArchivedRoomPage ReportDialog={r.ReportDialog} />,
  ),
  admin: page(
    () => import('../features/admin/AdminPage'),
    (m) => m.AdminPage,
  ),
  debateGate: page(
    () => import('../features/debate-gate/DebateGatePage'),
    (m) => m.DebateGatePage,
  ),
  notFound: page(
    () => import('../features/not-found/NotFoundPage'),
    (m) => m.NotFoundPage,
  ),
};
