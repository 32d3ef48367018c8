/**
 * Renders a component the way the app does (German translations, Mantine) for component tests.
 * Use in tests running with `// @vitest-environment jsdom`, after importing ./browser-stubs.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { afterEach } from 'vitest';
import { changeLanguage, initI18n } from '../i18n';

afterEach(() => {
  cleanup();
});

/** Loads the German texts (once per test file) and renders inside MantineProvider. */
export async function renderWithProviders(ui: ReactElement): Promise<RenderResult> {
  await initI18n('de');
  await changeLanguage('de');
  // 'test' turns off Mantine's transitions and portals, so what opens is in the DOM at once.
  return render(<MantineProvider env="test">{ui}</MantineProvider>);
}

export interface RouteRenderOptions {
  /** Route pattern of the screen, e.g. '/customer/:customerId/machine'. */
  path: string;
  /** The URL opened, e.g. '/customer/c1/machine?sort=name'. */
  url: string;
  /** Further routes (targets of links and navigations), rendered as their path text. */
  others?: string[];
}

/**
 * Renders a screen inside a data router (screens use params, links and the leave guard's
 * blocker). Other routes render a line `at <path>` so tests can assert navigations.
 */
export async function renderRoute(
  ui: ReactElement,
  { path, url, others = [] }: RouteRenderOptions,
): Promise<RenderResult & { router: ReturnType<typeof createMemoryRouter> }> {
  const routes: RouteObject[] = [
    { path, element: ui },
    ...others.map((p) => ({ path: p, element: <p>at {p}</p> })),
  ];
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const result = await renderWithProviders(<RouterProvider router={router} />);
  return { ...result, router };
}
