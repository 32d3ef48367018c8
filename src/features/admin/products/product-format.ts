/** How a product reads in the list and the preview (the office's own terms). */
import { useTranslation } from 'react-i18next';
import { useEnumLabel } from '@components/forms';
import type { Product } from '@domain/schemas/product';

/** 'DN 10 · PN 330 bar · JIC' — what distinguishes products of one kind. */
export function useProductDetails() {
  const { t } = useTranslation('products');
  const enumLabel = useEnumLabel();
  return (p: Product): string => {
    const parts: string[] = [];
    if (p.fittingType) parts.push(enumLabel('FITTING_TYPE', p.fittingType));
    if (p.accessory) parts.push(t(`accessories.${p.accessory}`));
    parts.push(p.dn === null ? t('details.anySize') : t('details.dn', { dn: p.dn }));
    if (p.maxPn !== null) parts.push(t('details.pn', { pn: p.maxPn }));
    return parts.join(' · ');
  };
}
