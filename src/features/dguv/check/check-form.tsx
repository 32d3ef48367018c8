/**
 * The check of one hose (docs/architecture.md single hose check, docs/api.md classification, docs/api.md answers required):
 * criteria ('OK' or findings of DGUV Regel 113-020), protection recommended, replace hose
 * (each required), comments and photos; the classification shows live. Saving writes the
 * check through the feature's writes (offline) — or corrects this audit's earlier check of the hose.
 */
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '@components/confirm';
import { CompressProgress, useCompressProgress, useSchemaForm } from '@components/forms';
import { snack } from '@components/snacks';
import type { AnswerRow, AuditRow } from '../data/audit-queries';
import { classifyAnswer } from '@domain/rules/dguv';
import {
  DGUV_ANSWER_VALUES,
  DGUV_MARKING_FINDING,
  DGUV_OK,
  type DguvFinding,
} from '@domain/schemas/dguv-answer';
import { looksLikeMessageKey } from '@lib/i18n';
import { captureImage } from '@sync';
import { saveCheck } from '../data/audit-writes';
import { RESULT_COLOR } from '../audit/result-badge';
import { useCriterionLabel } from '../dguv-labels';
import { FIRST_USE_ITEMS } from '@domain/dguv-values';
import { presetReplaceHose, reasonsNeeded, type CheckContext } from '@domain/rules/dguv-reasons';
import {
  checkFieldRules,
  checkSchema,
  initialCheckValues,
  nextAnswer,
  toCheckInput,
  type YesNo,
} from './check-values';
import { PhotoPicker } from './photo-picker';
import { ReadMarkingButton } from '@features/marking/read-marking-button';
import { applyMarkingToPipe, keepMarkingPhoto } from '@features/marking/data/marking-writes';

export interface CheckFormProps {
  audit: AuditRow;
  pipeId: string;
  existing: AnswerRow | undefined;
  answerId: string;
  preselected: readonly DguvFinding[];
  /** Past its service life: rating it 'OK' asks first. */
  serviceLifeExceeded: boolean;
  /** What the reasons depend on (rules/dguv-reasons): the hose's age on the audit's date, the occasion. */
  context: CheckContext;
  /** Called after a save: `next` true for "save and next". */
  onSaved: (next: boolean) => Promise<void>;
}

export function CheckForm({
  audit,
  pipeId,
  existing,
  answerId,
  preselected,
  serviceLifeExceeded,
  context,
  onSaved,
}: CheckFormProps) {
  const { t } = useTranslation(['dguv', 'forms']);
  const findingLabel = useCriterionLabel();
  const [stored, setStored] = useState<string[]>(() => [...(existing?.photoIds ?? [])]);
  const [added, setAdded] = useState<File[]>([]);
  const [goNext, setGoNext] = useState(true);
  // "Read marking" found the marking illegible: the finding is proposed, the inspector decides.
  const [markingIllegible, setMarkingIllegible] = useState(false);
  // New photos are made small on save; with several, that takes a moment worth showing.
  const compressing = useCompressProgress();
  const { form, saving, submit } = useSchemaForm({
    schema: checkSchema,
    initialValues: initialCheckValues(existing, preselected),
    toInput: (values) => toCheckInput(values, context),
    fieldRules: (values) => checkFieldRules(values, context),
  });
  // A newer row (the server's answer to a save, a correction from another device) is taken in
  // while the form holds nothing unsaved; unsaved input is kept and the next save wins.
  const version = existing?.version;
  useEffect(() => {
    if (!existing || saving || form.isDirty() || added.length > 0) return;
    const values = initialCheckValues(existing, []);
    form.setValues(values);
    form.resetDirty(values);
    setStored([...(existing.photoIds ?? [])]);
    // Only a new version is news; the rest is read as it is then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version]);
  const answer = form.values.answer;
  const result = answer.length ? classifyAnswer(answer) : null;
  const needed = reasonsNeeded(toCheckInput(form.values, context), context);

  /** 'OK' for a hose past its service life clears finding 9: only after a confirmation. */
  const choose = async (chosen: string[]) => {
    const next = nextAnswer(answer, chosen);
    if (serviceLifeExceeded && next.includes(DGUV_OK) && !answer.includes(DGUV_OK)) {
      const ok = await confirm({
        title: t('dguv:check.overrideServiceLife.title'),
        message: t('dguv:check.overrideServiceLife.message'),
        confirmText: t('dguv:check.overrideServiceLife.confirm'),
        color: 'orange',
      });
      if (!ok) return;
    }
    form.setFieldValue('answer', next);
    // A defect presets "replace hose" = yes; "no" then needs a reason.
    form.setFieldValue(
      'replaceHose',
      presetReplaceHose<YesNo>(answer, next, form.values.replaceHose, 'yes'),
    );
  };

  const save = submit(async (input) => {
    const newIds: string[] = [];
    // The photos of this save; one added while it runs stays for the next.
    const photosOfSave = added;
    try {
      for (const [i, file] of photosOfSave.entries()) {
        newIds.push(
          await captureImage(file, {
            entity: 'dguvAnswer',
            rowId: answerId,
            field: 'photoIds',
            onProgress: compressing.track(i + 1, photosOfSave.length),
          }),
        );
      }
      compressing.reset();
      await saveCheck({
        audit,
        pipeId,
        existing,
        answerId,
        values: {
          ...(input as ReturnType<typeof toCheckInput>),
          photoIds: [...stored, ...newIds],
        } as never,
      });
    } catch (err) {
      compressing.reset();
      const message = err instanceof Error ? err.message : '';
      if (looksLikeMessageKey(message)) throw err;
      throw new Error(existing ? 'dguv:errors.correctionFailed' : 'dguv:errors.checkFailed', {
        cause: err,
      });
    }
    // The form stays on "save" (and the row keeps its version until the server answers, so it
    // is not re-made): the new photos are stored ones now, or the next save would drop them.
    setStored((s) => [...s, ...newIds]);
    setAdded((now) => now.filter((file) => !photosOfSave.includes(file)));
    snack({ text: existing ? t('dguv:check.corrected') : t('dguv:check.saved'), type: 'success' });
    await onSaved(goNext);
  });

  // Large answer cards (≥ 44 px, the whole card is the target): usable with work gloves; a
  // chosen card is filled, visible at arm's length.
  const chosenStyle = (on: boolean) =>
    on
      ? {
          borderColor: 'var(--mantine-primary-color-filled)',
          background: 'var(--mantine-primary-color-light)',
        }
      : undefined;
  const yesNo = (
    field: 'protectionRecommended' | 'replaceHose' | `firstUse.${string}`,
    label = t(`dguv:check.${field as 'replaceHose'}`),
  ) => (
    <Radio.Group label={label} required {...form.getInputProps(field)}>
      <SimpleGrid cols={2} mt={4} spacing="xs">
        {(['yes', 'no'] as const).map((value) => (
          <Radio.Card
            key={value}
            value={value}
            radius="md"
            p="sm"
            mih={48}
            style={chosenStyle(form.getInputProps(field).value === value)}
          >
            <Group gap="sm" wrap="nowrap">
              <Radio.Indicator />
              <Text fw={500}>{t(`dguv:check.${value}`)}</Text>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );

  const proposeMarkingFinding =
    markingIllegible && !answer.includes(DGUV_MARKING_FINDING) ? (
      <Alert
        color="orange"
        title={t('dguv:check.markingCandidate.title')}
        data-testid="marking-finding-candidate"
      >
        <Stack gap="xs">
          <Text size="sm">{t('dguv:check.markingCandidate.message')}</Text>
          <Group gap="xs">
            <Button
              mih={44}
              color="orange"
              onClick={() => {
                setMarkingIllegible(false);
                void choose([...answer.filter((a) => a !== DGUV_OK), DGUV_MARKING_FINDING]);
              }}
            >
              {t('dguv:check.markingCandidate.add')}
            </Button>
            <Button variant="subtle" mih={44} onClick={() => setMarkingIllegible(false)}>
              {t('dguv:check.markingCandidate.dismiss')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    ) : null;

  return (
    <form noValidate onSubmit={save}>
      <Stack gap="md">
        <Group gap="sm">
          <ReadMarkingButton
            onConfirm={async (fields, photo) => {
              await applyMarkingToPipe(pipeId, fields, photo);
              setMarkingIllegible(false);
              snack({ text: t('dguv:check.markingCandidate.applied'), type: 'success' });
            }}
            onIllegible={async (photo) => {
              // The photo is the evidence of the illegible marking.
              await keepMarkingPhoto(pipeId, photo);
              setMarkingIllegible(true);
            }}
          />
        </Group>
        {proposeMarkingFinding}
        <Checkbox.Group
          label={t('dguv:check.criteria')}
          styles={{ label: { fontSize: 'var(--mantine-font-size-md)', fontWeight: 700 } }}
          description={t('dguv:check.criteriaHint')}
          required
          value={answer}
          error={form.errors.answer}
          onChange={(chosen) => void choose(chosen)}
        >
          <Stack gap={6} mt="xs">
            {DGUV_ANSWER_VALUES.map((value, i) => (
              <Checkbox.Card
                key={value}
                value={value}
                radius="md"
                p="sm"
                mih={48}
                style={chosenStyle(answer.includes(value))}
              >
                <Group gap="sm" wrap="nowrap">
                  <Checkbox.Indicator />
                  <Text fw={i === 0 ? 700 : 500}>
                    {i === 0 ? findingLabel(value) : `${i}. ${findingLabel(value)}`}
                  </Text>
                </Group>
              </Checkbox.Card>
            ))}
          </Stack>
        </Checkbox.Group>
        <Group gap="xs" aria-live="polite">
          <Text size="sm">{t('dguv:check.resultLabel')}</Text>
          {result ? (
            <Badge color={RESULT_COLOR[result]} data-testid="check-classification">
              {t(`dguv:check.classification.${result}`)}
            </Badge>
          ) : (
            <Text size="sm" c="dimmed">
              —
            </Text>
          )}
        </Group>
        {needed.extension ? (
          <Textarea
            label={t('dguv:reasons.extension')}
            description={t('dguv:reasons.extensionHint')}
            required
            autosize
            minRows={2}
            {...form.getInputProps('extensionReason')}
          />
        ) : null}
        {yesNo('protectionRecommended')}
        {yesNo('replaceHose')}
        {needed.keep ? (
          <Textarea
            label={t('dguv:reasons.keep')}
            description={t('dguv:reasons.keepHint')}
            required
            autosize
            minRows={2}
            {...form.getInputProps('keepReason')}
          />
        ) : null}
        {needed.firstUse ? (
          <Fieldset legend={t('dguv:firstUse.title')} data-testid="first-use-checklist">
            <Stack gap="sm">
              {FIRST_USE_ITEMS.map((item) => (
                <div key={item}>{yesNo(`firstUse.${item}`, t(`dguv:firstUse.items.${item}`))}</div>
              ))}
              {form.errors.firstUseChecklist ? (
                <Text size="sm" c="red" role="alert">
                  {form.errors.firstUseChecklist}
                </Text>
              ) : null}
            </Stack>
          </Fieldset>
        ) : null}
        <Textarea
          label={t('dguv:check.replaceHoseComment')}
          autosize
          minRows={2}
          {...form.getInputProps('replaceHoseComment')}
        />
        <Textarea
          label={t('dguv:check.comment')}
          // No production date: the comment says how the hose's age was judged.
          description={needed.comment ? t('dguv:check.commentHintUnknownDate') : undefined}
          required={needed.comment}
          autosize
          minRows={2}
          {...form.getInputProps('comment')}
        />
        <PhotoPicker
          answerId={answerId}
          stored={stored}
          added={added}
          onRemoveStored={(id) => setStored((s) => s.filter((x) => x !== id))}
          onAdd={(files) => setAdded((a) => [...a, ...files])}
          onRemoveAdded={(index) => setAdded((a) => a.filter((_, i) => i !== index))}
        />
        {compressing.progress ? <CompressProgress state={compressing.progress} /> : null}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          <Button
            type="submit"
            size="md"
            mih={48}
            loading={saving && goNext}
            disabled={saving}
            onClick={() => setGoNext(true)}
          >
            {t('dguv:check.saveNext')}
          </Button>
          <Button
            type="submit"
            variant="light"
            size="md"
            mih={48}
            loading={saving && !goNext}
            disabled={saving}
            onClick={() => setGoNext(false)}
          >
            {t('dguv:check.save')}
          </Button>
        </SimpleGrid>
      </Stack>
    </form>
  );
}
