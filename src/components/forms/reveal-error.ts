/**
 * After a failed validation the first invalid field may be far out of view on a phone: scroll
 * it to the middle of the screen and focus it, and name every invalid field (not only the
 * first), so that tapping Save never seems to do nothing and nothing is found only later.
 */
const INVALID = '[aria-invalid="true"], .mantine-InputWrapper-error';
const FOCUSABLE =
  'input:not([type=hidden]), textarea, select, button, [tabindex]:not([tabindex="-1"])';

/** The label of the field an invalid element belongs to ('' when it has none). */
function fieldName(el: Element): string {
  const wrapper = el.closest(
    '.mantine-InputWrapper-root, fieldset, [role=radiogroup], [role=group]',
  );
  const label = wrapper?.querySelector('label, legend, .mantine-InputWrapper-label');
  return (label?.textContent ?? el.getAttribute('aria-label') ?? '')
    .replace(/\s*\*\s*$/, '')
    .trim();
}

/** The names of every invalid field in `root`, in page order, each once ('' when unnamed). */
export function invalidFieldNames(root: ParentNode): string[] {
  const names: string[] = [];
  const seenWrappers = new Set<Element>();
  for (const el of root.querySelectorAll(INVALID)) {
    // An input and its wrapper both match: one field, one name.
    const wrapper = el.closest('.mantine-InputWrapper-root, [role=radiogroup], [role=group]') ?? el;
    if (seenWrappers.has(wrapper)) continue;
    seenWrappers.add(wrapper);
    const name = fieldName(el);
    if (!names.includes(name)) names.push(name);
  }
  return names;
}

/**
 * Reveals the first invalid field and returns the names of all invalid fields (unnamed ones
 * left out), or null when nothing in `root` is invalid.
 */
export function revealFirstError(root: ParentNode): string[] | null {
  const first = root.querySelector(INVALID);
  if (!first) return null;
  const wrapper = first.closest('.mantine-InputWrapper-root, [role=radiogroup], [role=group]');
  const target = (first.matches(FOCUSABLE) ? first : wrapper?.querySelector(FOCUSABLE)) as
    HTMLElement | null | undefined;
  (target ?? first).scrollIntoView?.({ block: 'center' });
  target?.focus({ preventScroll: true });
  return invalidFieldNames(root).filter((name) => name !== '');
}
