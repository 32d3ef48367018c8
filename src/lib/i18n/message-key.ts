/**
 * Errors from the domain schemas, mutate() and the server carry i18n keys such as
 * 'validation:required' or 'pipes:codeExists' instead of prose; screens translate them.
 */
const MESSAGE_KEY = /^[a-z-]+:[\w.]+$/;

export function looksLikeMessageKey(text: string): boolean {
  return MESSAGE_KEY.test(text);
}
