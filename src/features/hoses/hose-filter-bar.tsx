/**
 * Search, the three docs/api.md filters, the life filter (installed, retired, all; docs/
 * hose-lifecycle.md) and "replace at the next visit" (a checkbox: only the hoses with that
 * pill) above a hose list, with the number of hoses shown. Every control has a visible label;
 * "all" is a choice of its own so the keyboard can reach it.
 */
import { Button, Checkbox, Group, NativeSelect, TextInput } from '@mantine/core';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ACCESSORY_FILTERS,
  CATEGORY_FILTERS,
  INSPECTION_FILTERS,
  LIFE_FILTERS,
  NO_FILTERS,
  isFiltered,
  type HoseFilters,
} from './hose-filters';
import classes from './hose-lines.module.css';

export interface HoseFilterBarProps {
  filters: HoseFilters;
  onChange: (update: Partial<HoseFilters>) => void;
  /** Further buttons at the bar's end (the list's export). */
  actions?: ReactNode;
}

const INSPECTION_LABEL = {
  none: 'filters.inspectionNone',
  faulty: 'filters.inspectionFaulty',
  ok: 'filters.inspectionOk',
} as const;

const ALL = 'all';
const orNull = <T extends string>(value: string): T | null => (value === ALL ? null : (value as T));

/**
 * The four selects and the checkbox, memoised: typing in the search does not re-render them.
 * Native selects: a phone opens its own picker, and the list's first screen does not mount
 * three comboboxes with their popovers.
 */
const FilterSelects = memo(function FilterSelects(
  props: Pick<
    HoseFilters,
    'category' | 'accessory' | 'inspection' | 'life' | 'replaceNextVisit'
  > & {
    onChange: HoseFilterBarProps['onChange'];
  },
) {
  const { category, accessory, inspection, life, replaceNextVisit, onChange } = props;
  const { t } = useTranslation('pipes');
  const all = { value: ALL, label: t('filters.all') };
  const selectProps = { w: { base: '100%', xs: 180 } } as const;
  return (
    <>
      <NativeSelect
        {...selectProps}
        label={t('filters.category')}
        data={[all, ...CATEGORY_FILTERS.map((v) => ({ value: v, label: t(`category.${v}`) }))]}
        value={category ?? ALL}
        onChange={(e) => onChange({ category: orNull(e.currentTarget.value) })}
        data-testid="hose-filter-category"
      />
      <NativeSelect
        {...selectProps}
        label={t('filters.accessory')}
        data={[all, ...ACCESSORY_FILTERS.map((v) => ({ value: v, label: t(`accessory.${v}`) }))]}
        value={accessory ?? ALL}
        onChange={(e) => onChange({ accessory: orNull(e.currentTarget.value) })}
        data-testid="hose-filter-accessory"
      />
      <NativeSelect
        {...selectProps}
        label={t('filters.inspection')}
        data={[
          all,
          ...INSPECTION_FILTERS.map((v) => ({ value: v, label: t(INSPECTION_LABEL[v]) })),
        ]}
        value={inspection ?? ALL}
        onChange={(e) => onChange({ inspection: orNull(e.currentTarget.value) })}
        data-testid="hose-filter-inspection"
      />
      <NativeSelect
        {...selectProps}
        label={t('filters.life')}
        data={LIFE_FILTERS.map((v) => ({ value: v, label: t(`filters.life_${v}`) }))}
        value={life}
        onChange={(e) => onChange({ life: e.currentTarget.value as HoseFilters['life'] })}
        data-testid="hose-filter-life"
      />
      {/* On the selects' line: the box sits level with their fields, not their labels. */}
      <Checkbox
        label={t('filters.replaceNextVisit')}
        checked={replaceNextVisit}
        onChange={(e) => onChange({ replaceNextVisit: e.currentTarget.checked })}
        mb={8}
        data-testid="hose-filter-replace"
      />
    </>
  );
});

/**
 * Memoised: the URL write that follows each keystroke re-renders the screen, and the list's
 * background render of a search changes only its lines and their count (HoseCount), so the
 * bar then has nothing new to show.
 */
export const HoseFilterBar = memo(function HoseFilterBar(props: HoseFilterBarProps) {
  const { filters, onChange, actions } = props;
  const { t } = useTranslation('pipes');
  return (
    <>
      <Group align="flex-end" gap="sm" wrap="wrap" mb="xs">
        <TextInput
          type="search"
          label={t('filters.search')}
          placeholder={t('filters.searchPlaceholder')}
          value={filters.q}
          onChange={(e) => onChange({ q: e.currentTarget.value })}
          w={{ base: '100%', xs: 240 }}
          data-testid="hose-search"
        />
        <FilterSelects
          category={filters.category}
          accessory={filters.accessory}
          inspection={filters.inspection}
          life={filters.life}
          replaceNextVisit={filters.replaceNextVisit}
          onChange={onChange}
        />
        {isFiltered(filters) ? (
          <Button variant="subtle" onClick={() => onChange(NO_FILTERS)}>
            {t('filters.reset')}
          </Button>
        ) : null}
        {actions ? <Group ml="auto">{actions}</Group> : null}
      </Group>
    </>
  );
});

/**
 * "N of M hoses" under the bar, announced politely; a plain paragraph (hose-lines.module.css),
 * as it re-renders with every search the list settles. `total`: the hoses the life filter alone
 * keeps (installed by default); undefined while the list has read only its first screen (the
 * line keeps its height).
 */
export const HoseCount = memo(function HoseCount(props: {
  shown: number;
  total: number | undefined;
}) {
  const { shown, total } = props;
  const { t } = useTranslation('pipes');
  return (
    <p className={classes.count} aria-live="polite" data-testid="hose-count">
      {total === undefined
        ? '\u00a0'
        : shown === total
          ? t('count', { count: total })
          : t('shown', { shown, total })}
    </p>
  );
});
