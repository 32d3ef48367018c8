/**
 * "Replaced by a new assembly" (docs/hose-lifecycle.md): one form for the swap — the new
 * production date (the stamp on the fitting), the installation date, the code (the old one
 * where codes stay with the position, else a new suggestion), the length where it differs and
 * why the old hose came off. Saving retires the old hose and creates the new one, offline.
 * "Read marking" reads the new assembly's facts from a photo: the confirmed ones become the new
 * hose's (its production date in the form, the rest with it), the photo its evidence.
 */
import { Button, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DayInput,
  ProductionStampInput,
  stampDay,
  stampFieldRule,
  stampText,
} from '@components/forms';
import { snack } from '@components/snacks';
import type { EntityRow } from '@db/entity-tables';
import { checkPipeCode, getCompanySettings, suggestPipeCode } from '@db/pipe-code-queries';
import { getDatabase } from '@db/database';
import { isMessageKey } from '@domain/messages';
import { toCalendarDate } from '@domain/rules/intervals';
import { savedKey } from '@sync';
import { keepMarkingPhoto } from '@features/marking/data/marking-writes';
import { ReadMarkingButton, type MarkingFields } from '@features/marking/read-marking-button';
import { swapPipe, type SwapTechnical } from './data/pipe-writes';

type Pipe = EntityRow<'pipe'>;

const isMessageKeyOf = (error: unknown): error is Error =>
  error instanceof Error && isMessageKey(error.message);

interface Values {
  code: string;
  production: string;
  installationDate: string;
  length: string;
  reason: string;
}

/** The facts a confirmed marking gives the new hose besides its production date. */
function markingTechnical(fields: MarkingFields | undefined): SwapTechnical {
  if (!fields) return {};
  const out: SwapTechnical = {};
  if (fields.dn !== undefined) out.dn = fields.dn;
  if (fields.maxPn !== undefined) out.maxPn = fields.maxPn;
  if (fields.hoseType) out.hoseType = fields.hoseType;
  if (fields.hoseManufacturer) out.hoseManufacturer = fields.hoseManufacturer;
  return out;
}

/** The code a new assembly starts with: the old one per position, else the next free one. */
async function startCode(pipe: Pipe): Promise<string> {
  const db = getDatabase();
  const settings = await getCompanySettings(db);
  if (settings?.codesStayWithPosition) return pipe.code;
  const prefix = settings?.pipeCodePrefix ?? '';
  return prefix ? suggestPipeCode(db, prefix) : '';
}

export function PipeSwapForm({
  pipe,
  orderItemId,
  onDone,
  onCancel,
}: {
  pipe: Pipe;
  orderItemId?: string | null;
  onDone: (created: Pipe) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['pipes', 'forms', 'validation', 'errors']);
  const [values, setValues] = useState<Values>({
    code: '',
    production: '',
    installationDate: toCalendarDate(new Date()),
    length: pipe.length === null ? '' : String(pipe.length),
    reason: '',
  });
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [saving, setSaving] = useState(false);
  const [marking, setMarking] = useState<{ fields: MarkingFields; photo: Blob } | null>(null);
  useEffect(() => {
    let live = true;
    void startCode(pipe).then((code) => live && setValues((v) => ({ ...v, code })));
    return () => {
      live = false;
    };
  }, [pipe]);
  // A domain message key from a rule or a refused write ('namespace:key').
  const message = (key: string) => (t as (k: string) => string)(key);
  const set = (key: keyof Values, value: string) => setValues((v) => ({ ...v, [key]: value }));

  async function validate(): Promise<Partial<Record<keyof Values, string>>> {
    const next: Partial<Record<keyof Values, string>> = {};
    if (!values.code.trim()) next.code = t('validation:required');
    else if (values.code.trim().toLowerCase() !== pipe.code.trim().toLowerCase()) {
      if (await checkPipeCode(values.code)) next.code = t('pipes:codeExists');
    }
    if (!values.production.trim()) next.production = t('validation:required');
    else {
      const stamp = stampFieldRule('production', values.production).production;
      if (stamp) next.production = message(stamp);
    }
    if (!values.installationDate) next.installationDate = t('validation:required');
    const length = values.length.trim();
    if (length && !(Number.isInteger(Number(length)) && Number(length) >= 1))
      next.length = t('validation:integer');
    return next;
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const found = await validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const length = values.length.trim() ? Number(values.length) : null;
      const created = await swapPipe(pipe, {
        code: values.code.trim(),
        productionDate: stampDay(values.production) || null,
        installationDate: values.installationDate,
        retiredReason: values.reason.trim() || null,
        technical: {
          ...markingTechnical(marking?.fields),
          ...(length === pipe.length ? {} : { length }),
        },
        orderItemId: orderItemId ?? null,
      });
      if (marking) await keepMarkingPhoto(created.id, marking.photo);
      snack({ text: t(savedKey('forms:saved', 'forms:savedOffline')), type: 'success' });
      onDone(created);
    } catch (error) {
      snack({
        text: message(isMessageKeyOf(error) ? error.message : 'pipes:swap.failed'),
        type: 'error',
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(e) => void save(e)} noValidate data-testid="pipe-swap-form">
      <Stack>
        <ReadMarkingButton
          onConfirm={(fields, photo) => {
            if (fields.productionDate) set('production', stampText(fields.productionDate));
            setMarking({ fields, photo });
          }}
        />
        {marking ? (
          <Text size="sm" c="dimmed" data-testid="swap-marking-read">
            {t('pipes:marking.photo')} ✓
          </Text>
        ) : null}
        <TextInput
          label={t('pipes:swap.code')}
          description={t('pipes:swap.codeHint')}
          required
          value={values.code}
          onChange={(e) => set('code', e.currentTarget.value)}
          error={errors.code}
        />
        <ProductionStampInput
          label={t('pipes:swap.productionDate')}
          required
          value={values.production}
          onChange={(e) => set('production', e.currentTarget.value)}
          error={errors.production}
        />
        <DayInput
          label={t('pipes:swap.installationDate')}
          required
          value={values.installationDate}
          onChange={(v) => set('installationDate', v)}
          error={errors.installationDate}
        />
        <NumberInput
          label={t('pipes:swap.length')}
          description={t('pipes:swap.lengthHint')}
          value={values.length}
          onChange={(v) => set('length', String(v))}
          error={errors.length}
          allowDecimal={false}
          min={1}
        />
        <TextInput
          label={t('pipes:swap.reason')}
          value={values.reason}
          onChange={(e) => set('reason', e.currentTarget.value)}
        />
        <Button type="submit" loading={saving}>
          {t('pipes:swap.submit')}
        </Button>
        <Button variant="default" onClick={onCancel}>
          {t('forms:cancel')}
        </Button>
      </Stack>
    </form>
  );
}

/** The hose screen's action: opens the swap form in a dialog (not for a retired hose). */
export function PipeSwapButton({
  pipe,
  orderItemId,
  initiallyOpen = false,
  onSwapped,
  onCancel,
}: {
  pipe: Pipe;
  orderItemId?: string | null;
  initiallyOpen?: boolean;
  onSwapped: (created: Pipe) => void;
  /** Closed without a swap (by default the hose screen stays). */
  onCancel?: () => void;
}) {
  const { t } = useTranslation('pipes');
  const [open, setOpen] = useState(initiallyOpen);
  const cancel = () => {
    setOpen(false);
    onCancel?.();
  };
  if (pipe.retiredAt) return null;
  return (
    <>
      <Button variant="light" onClick={() => setOpen(true)} data-testid="pipe-swap">
        {t('swap.action')}
      </Button>
      <Modal opened={open} onClose={cancel} title={t('swap.title', { code: pipe.code })}>
        <PipeSwapForm
          pipe={pipe}
          orderItemId={orderItemId}
          onCancel={cancel}
          onDone={(created) => {
            setOpen(false);
            onSwapped(created);
          }}
        />
      </Modal>
    </>
  );
}
