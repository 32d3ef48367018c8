/** The app's data router: root shell (guards, layout, progress) around the docs/architecture.md routes. */
import { createBrowserRouter, type RouteObject } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { RouteErrorPage } from './pages/route-error-page';
import { RootShell } from './root-shell';
import { screensBoundary } from './routes/app-routes';

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootShell,
    ErrorBoundary: RouteErrorPage,
    // Shown while the first matched screen's chunk loads.
    HydrateFallback: FullPageLoader,
    children: [screensBoundary],
  },
];

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export function createAppRouter(): AppRouter {
  return createBrowserRouter(routes);
}
