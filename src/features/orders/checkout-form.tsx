/**
 * The checkout's choices (docs/api.md order submit): delivery and invoice address from the
 * customer's addresses, contact person, payment by invoice (the only type), an optional
 * comment, and terms and privacy — each required and readable in a dialog first — checked by
 * the domain's submit schema so the form and the server refuse the same things with the same
 * words.
 */
import { Alert, Button, Checkbox, Radio, Select, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityRow } from '@db/entity-tables';
import { orderSubmitBodySchema, type OrderSubmitBody } from '@domain/schemas/shop-requests';
import { looksLikeMessageKey } from '@lib/i18n';
import { addressLines, contactName } from './order-addresses';
import { LegalTextLink } from './legal-texts';
import { WRAP_BUTTON } from '@components/wrap-styles';

type Location = EntityRow<'location'>;

function preferred(locations: readonly Location[], type: Location['type'], fallback: string) {
  return locations.find((l) => l.type === type)?.id ?? fallback;
}

/**
 * The addresses the checkout starts with: the hoses go where the cart is — its location —
 * and the invoice to the customer's invoice address (else the cart's location too).
 */
export function defaultAddresses(
  locations: readonly Location[],
  cartLocationId: string,
): { delivery: string; invoice: string } {
  const cartHere = locations.some((l) => l.id === cartLocationId);
  return {
    delivery: cartHere ? cartLocationId : preferred(locations, 'DELIVERY', cartLocationId),
    invoice: preferred(locations, 'INVOICE', cartLocationId),
  };
}

export function CheckoutForm(props: {
  locations: readonly Location[];
  contacts: readonly EntityRow<'contact'>[];
  cartLocationId: string;
  onSubmit: (body: OrderSubmitBody) => Promise<void>;
}) {
  const { t } = useTranslation(['orders', 'shop', 'validation']);
  const { locations, contacts } = props;
  const [start] = useState(() => defaultAddresses(locations, props.cartLocationId));
  const [delivery, setDelivery] = useState<string | null>(start.delivery);
  const [invoice, setInvoice] = useState<string | null>(start.invoice);
  const [contact, setContact] = useState<string | null>(contacts[0]?.id ?? null);
  const [comment, setComment] = useState('');
  const [terms, setTerms] = useState(false);
  const [privacy, setPrivacy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);

  const text = (key: string) => (looksLikeMessageKey(key) ? t(key as never) : key);
  const addressData = locations.map((l) => ({ value: l.id, label: addressLines(l).join(', ') }));
  const contactData = contacts.map((c) => ({
    value: c.id,
    label: contactName(c) || (c.email ?? c.id),
  }));

  const submit = async () => {
    const parsed = orderSubmitBodySchema.safeParse({
      deliveryAddressId: delivery ?? undefined,
      invoiceAddressId: invoice ?? undefined,
      contactId: contact ?? undefined,
      paymentType: 'INVOICE',
      comment: comment.trim() === '' ? null : comment,
      acceptedTerms: terms,
      acceptedPrivacy: privacy,
    });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        next[field] ??= text(issue.message);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setSending(true);
    try {
      await props.onSubmit(parsed.data);
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        {locations.length === 0 ? (
          <Alert color="orange">{t('orders:checkout.noAddresses')}</Alert>
        ) : null}
        <Select
          label={t('orders:checkout.deliveryAddress')}
          data={addressData}
          value={delivery}
          onChange={setDelivery}
          error={errors.deliveryAddressId}
          required
          allowDeselect={false}
        />
        <Select
          label={t('orders:checkout.invoiceAddress')}
          data={addressData}
          value={invoice}
          onChange={setInvoice}
          error={errors.invoiceAddressId}
          required
          allowDeselect={false}
        />
        {contacts.length === 0 ? (
          <Alert color="orange">{t('orders:checkout.noContacts')}</Alert>
        ) : null}
        <Select
          label={t('orders:checkout.contact')}
          data={contactData}
          value={contact}
          onChange={setContact}
          error={errors.contactId}
          required
          allowDeselect={false}
        />
        <Radio.Group
          label={t('orders:checkout.payment')}
          value="INVOICE"
          onChange={() => undefined}
        >
          <Radio mt={4} value="INVOICE" label={t('orders:checkout.invoice')} />
        </Radio.Group>
        <Textarea
          label={t('orders:checkout.comment')}
          value={comment}
          onChange={(e) => setComment(e.currentTarget.value)}
          error={errors.comment}
          autosize
          minRows={2}
          maxLength={2000}
        />
        <Stack gap={4}>
          <Checkbox
            size="md"
            label={t('orders:checkout.acceptTerms')}
            checked={terms}
            onChange={(e) => setTerms(e.currentTarget.checked)}
            error={errors.acceptedTerms}
            data-testid="accept-terms"
          />
          <LegalTextLink text="terms" />
        </Stack>
        <Stack gap={4}>
          <Checkbox
            size="md"
            label={t('orders:checkout.acceptPrivacy')}
            checked={privacy}
            onChange={(e) => setPrivacy(e.currentTarget.checked)}
            error={errors.acceptedPrivacy}
            data-testid="accept-privacy"
          />
          <LegalTextLink text="privacy" />
        </Stack>
        <Button
          type="submit"
          size="md"
          styles={WRAP_BUTTON}
          loading={sending}
          data-testid="checkout-submit"
        >
          {t('orders:checkout.submit')}
        </Button>
      </Stack>
    </form>
  );
}
