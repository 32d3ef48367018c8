/** Document title template of SPEC §1 / DESIGN §6: '{route name} - Schlauchmanager'. */
export const PRODUCT_NAME = 'Schlauchmanager';

export function formatDocumentTitle(routeName?: string | null): string {
  const name = routeName?.trim();
  return name ? `${name} - ${PRODUCT_NAME}` : PRODUCT_NAME;
}
