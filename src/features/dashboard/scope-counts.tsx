/** Figures of the selected customer or location: machines, power units and hoses. */
import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ScopeCounts } from './data/scope-queries';

/** `counts`: undefined while they load. */
export function ScopeCountCards({ counts }: { counts: ScopeCounts | null | undefined }) {
  const { t } = useTranslation('dashboard');
  const figures = [
    { key: 'machines', label: t('counts.machines'), value: counts?.machines },
    { key: 'powerUnits', label: t('counts.powerUnits'), value: counts?.powerUnits },
    { key: 'pipes', label: t('counts.pipes'), value: counts?.pipes },
  ];
  return (
    <SimpleGrid cols={3} spacing={{ base: 'xs', sm: 'md' }}>
      {figures.map((f) => (
        <Card key={f.key} withBorder padding="sm" data-testid={`count-${f.key}`}>
          {/*
            Three tiles side by side on a phone leave ~90 px for a label: long compounds carry
            soft hyphens in their translation ("Hydraulik\u00adaggregate"), so they break there
            with a hyphen, never at a random letter; `hyphens: auto` (the page's lang attribute)
            adds the browser's own where it has a dictionary.
          */}
          <Text
            fz={{ base: 'xs', sm: 'sm' }}
            c="dimmed"
            style={{ hyphens: 'auto', overflowWrap: 'break-word' }}
          >
            {f.label}
          </Text>
          {f.value === undefined ? (
            <Skeleton height={32} width={60} mt={4} />
          ) : (
            <Text fw={700} fz={28} lh={1.2}>
              {f.value}
            </Text>
          )}
        </Card>
      ))}
    </SimpleGrid>
  );
}
