/**
 * Net amounts in the user's language (integer cents → "12,34 €"); VAT is never included.
 * One formatter for the cart, the orders and the price list.
 */
import { useTranslation } from 'react-i18next';

export function formatCents(cents: number, language: string): string {
  // Integer cents / 100 is exact to the cent for every amount a cart can hold.
  return new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' }).format(
    cents / 100,
  );
}

export function useMoney(): (cents: number) => string {
  const { i18n } = useTranslation();
  return (cents) => formatCents(cents, i18n.language);
}
