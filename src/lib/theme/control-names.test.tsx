// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildTheme } from './build-theme';
import { withControlNames } from './control-names';

describe('names of the controls Mantine draws itself', () => {
  it('names the × of a notification shown without its own name, and keeps a given name', async () => {
    render(
      <MantineProvider env="test" theme={withControlNames(buildTheme('teal'), 'Schließen')}>
        <Notifications />
      </MantineProvider>,
    );
    act(() => void notifications.show({ message: 'In den Warenkorb gelegt' }));
    act(
      () =>
        void notifications.show({
          message: 'Neue Version',
          closeButtonProps: { 'aria-label': 'Später' },
        }),
    );
    const named = await screen.findAllByRole('button', { name: /Schließen|Später/ });
    expect(named.map((b) => b.getAttribute('aria-label')).sort()).toEqual(['Schließen', 'Später']);
    for (const b of named) expect(b.className).toContain('mantine-Notification-closeButton');
    act(() => notifications.clean());
  });
});
