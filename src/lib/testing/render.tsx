/**
 * Renders a component the way the app does (German translations, Mantine) for component tests.
 * Use in tests running with `// @vitest-environment jsdom`, after importing ./browser-stubs.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
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
