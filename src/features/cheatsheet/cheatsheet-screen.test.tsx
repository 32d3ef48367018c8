// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DGUV_FINDINGS } from '@domain/schemas/dguv-answer';
import { changeLanguage } from '@lib/i18n';
import { renderRoute } from '@tests/fixtures/render';
import { CheatsheetScreen } from './cheatsheet-screen';

const SLOW = { timeout: 8000 };
const open = () => renderRoute(<CheatsheetScreen />, { path: '/cheatsheet', url: '/cheatsheet' });

describe('cheat sheet', () => {
  it('shows the ten findings with the report wording and what to look for', async () => {
    await open();
    expect(
      await screen.findByRole('heading', { name: 'Spickzettel für die Schlauchprüfung' }, SLOW),
    ).toBeTruthy();
    for (const [i, finding] of DGUV_FINDINGS.entries()) {
      const item = screen.getByTestId(`cheat-finding-${i + 1}`);
      expect(item.textContent).toContain(`${i + 1}.`);
      // German: the heading is the DGUV wording itself (no second copy underneath).
      expect(within(item).getAllByText(new RegExp(finding.slice(0, 20))).length).toBe(1);
    }
  });

  it('takes the service-life figures from the domain rule', async () => {
    await open();
    expect(
      await screen.findByText(
        /höchstens 6 Jahre ab Herstellung – darin höchstens 2 Jahre Lagerzeit/,
      ),
    ).toBeTruthy();
    // Increased requirements as the rule names them.
    expect(
      screen.getByText(
        /Mehrschichtbetrieb oder kurze Taktzeiten.*handgeführte hydraulische Werkzeuge\): höchstens 2 Jahre ab Herstellung/,
      ),
    ).toBeTruthy();
    expect(screen.getAllByRole('listitem').length).toBeGreaterThan(15);
  });

  it('names the DGUV Regel and reads the fitting stamp as year and month', async () => {
    await open();
    expect(await screen.findByText(/nach DGUV Regel 113-020/, {}, SLOW)).toBeTruthy();
    expect(document.body.textContent).not.toContain('DGUV Information');
    expect(screen.getByText(/2409 = September 2024/)).toBeTruthy();
    expect(document.body.textContent).not.toContain('09/24');
    expect(screen.queryByText(/Personen im Gefahrbereich/)).toBeNull();
  });

  it('reads in French with the German report wording beside each finding', async () => {
    await open();
    await changeLanguage('fr');
    expect(
      await screen.findByRole('heading', { name: 'Aide-mémoire du contrôle des flexibles' }, SLOW),
    ).toBeTruthy();
    const f9 = screen.getByTestId('cheat-finding-9');
    expect(f9.textContent).toContain('Lagerzeiten und Verwendungsdauer überschritten');
    expect(screen.getByText(/au plus 6 ans à partir de la fabrication/)).toBeTruthy();
    await changeLanguage('de');
  });
});
