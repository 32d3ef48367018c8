/** How dates and references of orders read in the user's language (amounts: lib/i18n/money). */

export function formatDate(iso: string | null | undefined, language: string): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));
}

export function formatDateTime(iso: string | null | undefined, language: string): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

/** A short, stable order reference for people (the id's last block). */
export const orderRef = (id: string) => id.slice(-6).toUpperCase();
