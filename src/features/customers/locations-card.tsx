/** The customer's locations on its dashboard: address, type badge and distance in km. */
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useEnumLabel } from '@components/forms';
import type { Location } from '@domain/schemas/company';
import { formatNumber } from '@domain/format';

const TYPE_COLOR = { MAIN: 'blue', DELIVERY: 'teal', INVOICE: 'grape' } as const;

export function LocationsCard({ locations }: { locations: readonly Location[] }) {
  const { t, i18n } = useTranslation(['customers', 'forms']);
  const enumLabel = useEnumLabel();
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="customer-locations">
      <Title order={3} size="h4" id="customer-locations" mb="sm">
        {t('dashboard.locations')}
      </Title>
      {locations.length === 0 ? (
        <Text c="dimmed">{t('dashboard.noLocations')}</Text>
      ) : (
        <Stack gap="sm" data-testid="customer-locations">
          {locations.map((l) => (
            <Group key={l.id} justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={500}>
                  {[l.street, l.houseNumber].filter(Boolean).join(' ')}
                </Text>
                <Text size="sm">{`${l.zip} ${l.city}`}</Text>
                {l.addition ? (
                  <Text size="xs" c="dimmed">
                    {l.addition}
                  </Text>
                ) : null}
              </Stack>
              <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
                <Badge variant="light" color={TYPE_COLOR[l.type]} tt="none">
                  {enumLabel('ADDRESSTYPE', l.type)}
                </Badge>
                {l.distance !== null ? (
                  <Text size="xs" c="dimmed">
                    {`${formatNumber(l.distance, i18n.language, 1)} ${t('forms:units.km')}`}
                  </Text>
                ) : null}
              </Stack>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
