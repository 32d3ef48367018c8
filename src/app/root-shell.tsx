/**
 * The root route's element: progress bar, document title, scroll position per screen, the
 * guards' decision and the layout named by the matched route's metadata.
 */
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { FullPageLoader } from '../components/full-page-loader';
import { useAuthStore } from '../lib/auth';
import { decideGuard } from './guards';
import { AppLayout } from './layouts/app-layout';
import { ForbiddenPage } from './pages/forbidden-page';
import { resolveRoute, type LayoutKind } from './route-handle';
import { useSelectionStore } from '../lib/selection/selection-store';
import { GuestRedirect } from './shell/guest-redirect';
import { RouteProgressBar } from './shell/route-progress-bar';
import { useDocumentTitle } from './shell/use-document-title';

export function RootShell() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const matches = useMatches();
  const route = resolveRoute(matches.map((m) => m.handle));
  const { status, user } = useAuthStore(useShallow((s) => ({ status: s.status, user: s.user })));
  const selectedCustomerId = useSelectionStore((s) => s.customerId);
  const decision = decideGuard({ status, user, location, route, selectedCustomerId });
  useDocumentTitle(decision.kind === 'forbidden' ? 'routes:forbidden' : route.title);

  // Menus and user details only make sense for a signed-in user.
  const layout: LayoutKind = status === 'authenticated' ? route.layout : 'empty';
  let content;
  switch (decision.kind) {
    case 'loading':
      content = <FullPageLoader label={t('loadingSession')} />;
      break;
    case 'redirect':
      content = <Navigate to={decision.to} replace />;
      break;
    case 'leave-guest-page':
      content = <GuestRedirect fallback={decision.fallback} />;
      break;
    case 'forbidden':
      content = (
        <AppLayout kind={layout}>
          <ForbiddenPage />
        </AppLayout>
      );
      break;
    case 'render':
      content = (
        <AppLayout kind={layout}>
          <Outlet />
        </AppLayout>
      );
      break;
  }
  return (
    <>
      <RouteProgressBar />
      {/* A new screen opens at its top; back and forward return to where the screen was left. */}
      <ScrollRestoration />
      {content}
    </>
  );
}
