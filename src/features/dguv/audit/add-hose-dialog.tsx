/**
 * "Add a hose" during an audit: creates the hose record on the audited machine
 * (next position, suggested code, unique code; the production date as stamped on the fitting)
 * and goes on to check it.
 */
import { Button, Checkbox, Group, Modal, NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ProductionStampInput, stampDay, stampFieldRule, useSchemaForm } from '@components/forms';
import { checkPipeCode, newPipeDefaults } from '@db/pipe-code-queries';
import { getDatabase } from '@db/database';
import { pipeCreateSchema } from '@domain/schemas/pipe';
import { looksLikeMessageKey } from '@lib/i18n';
import type { CreateInput } from '@sync';
import { addAuditHose } from '../data/audit-writes';
import { DGUV_PATHS } from '../use-dguv-session';

const schema = pipeCreateSchema.pick({
  position: true,
  code: true,
  isCritical: true,
  dn: true,
  maxPn: true,
  length: true,
  productionDate: true,
});

const EMPTY = {
  position: '' as number | string,
  code: '',
  isCritical: false,
  dn: '' as number | string,
  maxPn: '' as number | string,
  length: '' as number | string,
  productionDate: '',
};

export function AddHoseDialog({
  machineId,
  opened,
  onClose,
}: {
  machineId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['dguv', 'forms', 'pipes']);
  const navigate = useNavigate();
  const { form, saving, submit } = useSchemaForm({
    schema,
    initialValues: EMPTY,
    fieldRules: (values) => stampFieldRule('productionDate', values.productionDate),
    toInput: (values) => ({ ...values, productionDate: stampDay(values.productionDate) }),
    extraErrors: async (values): Promise<Record<string, string>> =>
      (await checkPipeCode(values.code)) ? { code: t('pipes:codeExists') } : {},
  });

  useEffect(() => {
    if (!opened) return;
    void newPipeDefaults(getDatabase(), machineId).then((defaults) => {
      form.setValues({ ...EMPTY, ...defaults });
      form.resetDirty({ ...EMPTY, ...defaults });
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fill once per opening
  }, [opened, machineId]);

  return (
    <Modal opened={opened} onClose={onClose} title={t('dguv:addHose.title')} size="lg">
      <form
        noValidate
        onSubmit={submit(async (input) => {
          try {
            const pipe = await addAuditHose(machineId, input as CreateInput<'pipe'>);
            onClose();
            await navigate(DGUV_PATHS.check(pipe.id));
          } catch (err) {
            throw looksLikeMessageKey(err instanceof Error ? err.message : '')
              ? err
              : new Error('dguv:addHose.failed', { cause: err });
          }
        })}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('dguv:addHose.code')} required {...form.getInputProps('code')} />
          <NumberInput
            label={t('dguv:addHose.position')}
            required
            allowDecimal={false}
            min={1}
            {...form.getInputProps('position')}
          />
          <NumberInput
            label={t('dguv:addHose.dn')}
            allowDecimal={false}
            {...form.getInputProps('dn')}
          />
          <NumberInput label={t('dguv:addHose.maxPn')} {...form.getInputProps('maxPn')} />
          <NumberInput
            label={t('dguv:addHose.length')}
            allowDecimal={false}
            {...form.getInputProps('length')}
          />
          <ProductionStampInput
            label={t('dguv:addHose.productionDate')}
            {...form.getInputProps('productionDate')}
          />
        </SimpleGrid>
        <Checkbox
          mt="md"
          label={t('dguv:addHose.critical')}
          {...form.getInputProps('isCritical', { type: 'checkbox' })}
        />
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={onClose}>
            {t('forms:cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('dguv:addHose.save')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
