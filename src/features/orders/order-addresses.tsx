/** Delivery and invoice address, contact person, payment and comment of an order. */
import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityRow } from '@db/entity-tables';
import type { OrderDetail } from './data/order-queries';

export function addressLines(l: EntityRow<'location'>): string[] {
  const street = [l.street, l.houseNumber].filter(Boolean).join(' ');
  const city = [l.zip, l.city].filter(Boolean).join(' ');
  return [street, l.addition ?? '', city].filter((s) => s.trim() !== '');
}

export function contactName(c: EntityRow<'contact'>): string {
  return [c.firstName, c.lastName].filter(Boolean).join(' ');
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Title order={4} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export function OrderAddresses({ detail }: { detail: OrderDetail }) {
  const { t } = useTranslation('orders');
  const { order } = detail;
  const address = (id: string | null) => {
    if (!id) return <Text c="dimmed">–</Text>;
    const l = detail.locations.find((x) => x.id === id);
    if (!l) return <Text c="dimmed">{t('detail.unknownAddress')}</Text>;
    return addressLines(l).map((line) => <Text key={line}>{line}</Text>);
  };
  const contact = detail.contacts.find((c) => c.id === order.contactId);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Block title={t('detail.deliveryAddress')}>{address(order.deliveryAddressId)}</Block>
      <Block title={t('detail.invoiceAddress')}>{address(order.invoiceAddressId)}</Block>
      <Block title={t('detail.contact')}>
        <Text>{contact ? contactName(contact) : '–'}</Text>
        {contact?.phone ? <Text size="sm">{contact.phone}</Text> : null}
        {contact?.email ? <Text size="sm">{contact.email}</Text> : null}
      </Block>
      <Block title={t('detail.payment')}>
        <Text>{t('checkout.invoice')}</Text>
      </Block>
      {order.comment ? (
        <Block title={t('detail.comment')}>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{order.comment}</Text>
        </Block>
      ) : null}
    </SimpleGrid>
  );
}
