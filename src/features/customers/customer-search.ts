/** The customer list's search (docs/architecture.md: by name or customer number), case-insensitive. */
import type { CustomerSummary } from './data/customer-summaries';

const normalise = (text: string) => text.toLocaleLowerCase('de').normalize('NFC').trim();

/** The summaries whose name or customer number contains every word of `query`. */
export function searchCustomers(
  rows: readonly CustomerSummary[],
  query: string,
): readonly CustomerSummary[] {
  const words = normalise(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return rows;
  return rows.filter(({ company }) => {
    const haystack = normalise(`${company.name} ${company.customerNumber ?? ''}`);
    return words.every((w) => haystack.includes(w));
  });
}
