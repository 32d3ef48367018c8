/**
 * Every icon button is named: a button that shows only an icon — Mantine's
 * ActionIcon, CloseButton and Burger, or a Button / UnstyledButton / <button> / Menu.Target child
 * whose only content is an `…Icon` — must carry a non-empty `aria-label` or `aria-labelledby`
 * (a `title` is not read by every screen reader). Read from the source of every screen, so an
 * icon button on a screen no e2e test visits is checked too (axe's `button-name` in the e2e
 * suite checks the rendered ones).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/** Mantine components that never show text of their own. */
const ICON_ONLY = new Set(['ActionIcon', 'CloseButton', 'Burger']);
/** Buttons that are icon buttons when their only children are icons. */
const BUTTONS = new Set(['Button', 'UnstyledButton', 'button']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [full] : [];
  });
}

const tagOf = (node: ts.JsxOpeningLikeElement) => node.tagName.getText();

/** A non-empty aria-label or aria-labelledby (a literal or an expression). */
function named(node: ts.JsxOpeningLikeElement): boolean {
  return node.attributes.properties.some((attr) => {
    if (!ts.isJsxAttribute(attr)) return false;
    const name = attr.name.getText();
    if (name !== 'aria-label' && name !== 'aria-labelledby') return false;
    const value = attr.initializer;
    if (!value) return false;
    if (ts.isStringLiteral(value)) return value.text.trim() !== '';
    return ts.isJsxExpression(value) && value.expression !== undefined;
  });
}

/** Only icons inside (`<TrashIcon />`, whitespace), no text and no expression. */
function onlyIcons(element: ts.JsxElement): boolean {
  const kids = element.children.filter(
    (c) => !(ts.isJsxText(c) && c.containsOnlyTriviaWhiteSpaces),
  );
  return (
    kids.length > 0 && kids.every((c) => ts.isJsxSelfClosingElement(c) && /Icon$/.test(tagOf(c)))
  );
}

/** The icon buttons of one file without a name, as `file:line <Tag>`. */
function unnamedIconButtons(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.JsxOpeningLikeElement) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    found.push(`${file}:${line + 1} <${tagOf(node)}>`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxSelfClosingElement(node) && ICON_ONLY.has(tagOf(node)) && !named(node)) {
      report(node);
    }
    if (ts.isJsxElement(node)) {
      const open = node.openingElement;
      const tag = tagOf(open);
      if ((ICON_ONLY.has(tag) || (BUTTONS.has(tag) && onlyIcons(node))) && !named(open)) {
        report(open);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('icon buttons', () => {
  it('finds an unnamed icon button (the check itself works)', () => {
    const code = `
      export const A = () => <ActionIcon onClick={go}><TrashIcon /></ActionIcon>;
      export const B = () => <CloseButton onClick={go} />;
      export const C = () => <Button variant="subtle"><EditIcon size={16} /></Button>;
      export const D = () => <ActionIcon aria-label="">{x}</ActionIcon>;
      export const OK1 = () => <ActionIcon aria-label={t('remove')}><TrashIcon /></ActionIcon>;
      export const OK2 = () => <Button leftSection={<EditIcon />}>{t('edit')}</Button>;
      export const OK3 = () => <Burger aria-labelledby="menu-title" />;
    `;
    expect(unnamedIconButtons('probe.tsx', code)).toEqual([
      'probe.tsx:2 <ActionIcon>',
      'probe.tsx:3 <CloseButton>',
      'probe.tsx:4 <Button>',
      'probe.tsx:5 <ActionIcon>',
    ]);
  });

  it('every icon button of the app has an aria-label', () => {
    const files = sources(path.resolve('src'));
    expect(files.length).toBeGreaterThan(100);
    const icons = files.filter((f) =>
      /<(ActionIcon|CloseButton|Burger)\b/.test(readFileSync(f, 'utf8')),
    );
    // The app has icon buttons to check (header menu, photo removal, quantity stepper …).
    expect(icons.length).toBeGreaterThan(5);
    const unnamed = files.flatMap((f) =>
      unnamedIconButtons(path.relative(process.cwd(), f), readFileSync(f, 'utf8')),
    );
    expect(unnamed).toEqual([]);
  });
});
