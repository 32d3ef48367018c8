/** The customer's contact persons on its dashboard, with their position and location. */
import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Contact, Location } from '@domain/schemas/company';
import { locationLabel } from './customer-form-schema';

export interface ContactsCardProps {
  contacts: readonly Contact[];
  locations: readonly Location[];
}

export function ContactsCard({ contacts, locations }: ContactsCardProps) {
  const { t } = useTranslation('customers');
  const byId = new Map(locations.map((l) => [l.id, l]));
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="customer-contacts">
      <Title order={3} size="h4" id="customer-contacts" mb="sm">
        {t('dashboard.contacts')}
      </Title>
      {contacts.length === 0 ? (
        <Text c="dimmed">{t('dashboard.noContacts')}</Text>
      ) : (
        <Stack gap="sm" data-testid="customer-contacts">
          {contacts.map((c) => {
            const location = c.locationId ? byId.get(c.locationId) : undefined;
            return (
              <Stack key={c.id} gap={0}>
                <Text size="sm" fw={500}>
                  {[c.firstName, c.lastName].filter(Boolean).join(' ')}
                </Text>
                {c.position ? (
                  <Text size="xs" c="dimmed">
                    {c.position}
                  </Text>
                ) : null}
                {location ? (
                  <Text size="xs" c="dimmed">
                    {t('dashboard.contactAt', { location: locationLabel(location) })}
                  </Text>
                ) : null}
                <Group gap="md">
                  {c.phone ? (
                    <Anchor size="sm" href={`tel:${c.phone}`}>
                      {c.phone}
                    </Anchor>
                  ) : null}
                  {c.email ? (
                    <Anchor
                      size="sm"
                      href={`mailto:${c.email}`}
                      style={{ overflowWrap: 'break-word' }}
                    >
                      {c.email}
                    </Anchor>
                  ) : null}
                </Group>
              </Stack>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}
