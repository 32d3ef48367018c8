/** Document title template of docs/architecture.md / docs/operations.md: '{route name} - Schlauchmanager'. */
export const PRODUCT_NAME = 'Schlauchmanager';

export function formatDocumentTitle(routeName?: string | null): string {
  const name = routeName?.trim();
  return name ? `${name} - ${PRODUCT_NAME}` : PRODUCT_NAME;
}
