/**
 * Paper version of the cheat sheet: only the sheet, no app shell (Mantine AppShell parts are
 * hidden by their static class names), black on white, sections kept whole across pages.
 */
export const PRINT_CSS = `
@media print {
  @page { size: A4; margin: 12mm; }
  .mantine-AppShell-header, .mantine-AppShell-navbar, .mantine-AppShell-footer,
  .cheat-no-print, [data-testid="test-env-banner"] { display: none !important; }
  .mantine-AppShell-main { padding: 0 !important; min-height: 0 !important; }
  .cheatsheet { gap: 6px !important; font-size: 9.5pt; color: #000; }
  .cheatsheet .cheat-section { break-inside: avoid; border-color: #999 !important; padding: 6px 8px !important; box-shadow: none !important; }
  .cheatsheet h1 { font-size: 16pt; }
  .cheatsheet h2 { font-size: 11.5pt; margin-bottom: 2px !important; }
  .cheatsheet .mantine-SimpleGrid-root { grid-template-columns: repeat(2, minmax(0, 1fr)) !important; gap: 6px !important; }
  .cheatsheet section .mantine-SimpleGrid-root { grid-template-columns: repeat(3, minmax(0, 1fr)) !important; }
}
`;
