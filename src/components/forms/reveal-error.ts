/**
 * After a failed validation the first invalid field may be far out of view on a phone:
 * scroll it to the middle of the screen, focus it and name it, so that tapping
 * Save never seems to do nothing.
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

/** Returns the name of the field it revealed, or null when nothing in `root` is invalid. */
export function revealFirstError(root: ParentNode): string | null {
  const first = root.querySelector(INVALID);
  if (!first) return null;
  const wrapper = first.closest('.mantine-InputWrapper-root, [role=radiogroup], [role=group]');
  const target = (first.matches(FOCUSABLE) ? first : wrapper?.querySelector(FOCUSABLE)) as
    HTMLElement | null | undefined;
  (target ?? first).scrollIntoView?.({ block: 'center' });
  target?.focus({ preventScroll: true });
  return fieldName(first);
}
