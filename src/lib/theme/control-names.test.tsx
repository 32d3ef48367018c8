// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildTheme } from './build-theme';
import { withControlNames } from './control-names';

describe('the controls Mantine draws itself', () => {
  it('names the × of a notification shown without its own name, keeps a given name, and makes it 44 px', async () => {
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
    for (const b of named) {
      expect(b.className).toContain('mantine-Notification-closeButton');
      // A 44 px target, also where the screen passes its own closeButtonProps.
      expect([b.style.width, b.style.height, b.style.minWidth]).toEqual(['44px', '44px', '44px']);
    }
    act(() => notifications.clean());
  });

  it('writes a notification’s text under its title in the readable dimmed colour', async () => {
    render(
      <MantineProvider env="test" theme={withControlNames(buildTheme('teal'), 'Schließen')}>
        <Notifications />
      </MantineProvider>,
    );
    act(() => void notifications.show({ title: 'Neue Version verfügbar', message: 'Bereit.' }));
    const texts = await screen.findAllByText('Bereit.');
    for (const text of texts) {
      expect(text.closest('.mantine-Notification-description')?.getAttribute('style')).toContain(
        'color: var(--mantine-color-dimmed)',
      );
    }
    act(() => notifications.clean());
  });
});
