/**
 * The terms and conditions and the privacy policy a customer accepts at checkout, readable in
 * a dialog before accepting. The company settings hold no texts of their own, so both are built
 * from them: the service company's name and address, with the shop's rules (net prices, the
 * assembly surcharge, approval, payment by invoice) in the UI language. Read from the synced
 * settings, so they open offline too.
 */
import { Anchor, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAllRows } from '@db/hooks';

export type LegalText = 'terms' | 'privacy';

const PARAGRAPHS: Record<LegalText, readonly string[]> = {
  terms: ['party', 'prices', 'approval', 'delivery'],
  privacy: ['controller', 'data', 'purpose', 'rights'],
};

/** The service company as the texts name it: its name and, when set, ", street no, zip city". */
function useCompany(): { company: string; address: string } | undefined {
  const { t } = useTranslation('orders');
  const rows = useAllRows('companySettings');
  if (rows === undefined) return undefined;
  const settings = [...rows].sort((a, b) => a.createdAt.localeCompare(b.createdAt))[0];
  const street = [settings?.street, settings?.houseNr].filter(Boolean).join(' ');
  const city = [settings?.zip, settings?.city].filter(Boolean).join(' ');
  const place = [street, city].filter((s) => s.trim() !== '').join(', ');
  return {
    company: settings?.name || t('legal.noCompany'),
    address: place ? `, ${place}` : '',
  };
}

/** "Read the terms and conditions": a link-styled button opening the text in a dialog. */
export function LegalTextLink({ text }: { text: LegalText }) {
  const { t } = useTranslation('orders');
  const [open, setOpen] = useState(false);
  const company = useCompany();
  const title = t(`legal.${text}.title`);
  return (
    <>
      <Anchor
        component="button"
        type="button"
        size="sm"
        ta="left"
        // Under the checkbox's label, not under the box.
        ml={36}
        onClick={() => setOpen(true)}
        data-testid={`read-${text}`}
      >
        {t(text === 'terms' ? 'legal.readTerms' : 'legal.readPrivacy')}
      </Anchor>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={title}
        closeButtonProps={{ 'aria-label': t('legal.close') }}
        data-testid={`legal-${text}`}
      >
        <Stack gap="sm">
          {PARAGRAPHS[text].map((key) => (
            <Text key={key} size="sm">
              {t(`legal.${text}.${key}` as 'legal.terms.party', {
                company: company?.company ?? '',
                address: company?.address ?? '',
                interpolation: { escapeValue: false },
              })}
            </Text>
          ))}
        </Stack>
      </Modal>
    </>
  );
}
