/**
 * A Mantine form validated by a domain schema, with the habits every form keeps: translated
 * messages, submit disabled while saving, a failed save shown (not swallowed), and a warning
 * before leaving with unsaved changes (useLeaveGuard).
 */
import { i18n, looksLikeMessageKey } from '@lib/i18n';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { snack } from '../snacks';
import { revealFirstError } from './reveal-error';
import { schemaErrors, toSchemaInput } from './schema-form';
import { useLeaveGuard } from './use-leave-guard';

export interface SchemaFormOptions<V extends Record<string, unknown>> {
  schema: z.ZodType;
  initialValues: V;
  /** Maps form values to what the schema parses (default: the values themselves). */
  toInput?: (values: V) => unknown;
  /**
   * Field rules the form applies before the schema sees the value (e.g. a typed amount read by
   * rules/money): a message key per field path, shown instead of the schema's message.
   */
  fieldRules?: (values: V) => Record<string, string>;
  /** Extra checks beyond the schema (e.g. a unique code); keyed by field path. */
  extraErrors?: (
    values: V,
  ) => Record<string, string | true> | Promise<Record<string, string | true>>;
}

export interface SchemaForm<V extends Record<string, unknown>> {
  form: UseFormReturnType<V>;
  saving: boolean;
  /** onSubmit handler for <form>: validates, then runs `save` with the schema input. */
  submit: (
    save: (input: Record<string, unknown>, values: V) => Promise<void>,
  ) => (event?: React.FormEvent<HTMLFormElement>) => void;
}

export function useSchemaForm<V extends Record<string, unknown>>(
  options: SchemaFormOptions<V>,
): SchemaForm<V> {
  const { t } = useTranslation(['forms', 'validation']);
  const [saving, setSaving] = useState(false);
  const toInput = options.toInput ?? ((v: V) => v);
  const form = useForm<V>({
    mode: 'controlled',
    initialValues: options.initialValues,
    validate: (values) => {
      const ruled = Object.fromEntries(
        Object.entries(options.fieldRules?.(values) ?? {}).map(([field, key]) => [
          field,
          t(key as never),
        ]),
      );
      return {
        ...schemaErrors(options.schema, toInput(values), t as unknown as TFunction),
        ...ruled,
      };
    },
  });
  useLeaveGuard(form.isDirty() && !saving);

  /**
   * Once the errors are rendered: the first invalid field in view and focused, and every
   * invalid field named.
   */
  const reveal = (root: ParentNode) =>
    setTimeout(() => {
      const fields = revealFirstError(root);
      if (fields === null) return;
      const text =
        fields.length === 0
          ? t('forms:invalidFields')
          : t('forms:invalidField', { count: fields.length, field: listNames(fields) });
      snack({ text, type: 'error' });
    }, 0);

  const submit: SchemaForm<V>['submit'] = (save) => (event) => {
    event?.preventDefault();
    if (saving) return;
    const root: ParentNode = event?.currentTarget ?? document;
    const checked = form.validate();
    if (checked.hasErrors) {
      reveal(root);
      return;
    }
    setSaving(true);
    void (async () => {
      try {
        const extra = (await options.extraErrors?.(form.getValues())) ?? {};
        if (Object.keys(extra).length > 0) {
          form.setErrors(extra);
          reveal(root);
          return;
        }
        const values = form.getValues();
        // Reset the dirty state first: the save usually navigates away.
        form.resetDirty(values);
        await save(toSchemaInput(toInput(values)) as Record<string, unknown>, values);
      } catch (err) {
        form.setDirty(
          Object.fromEntries(Object.keys(form.getValues()).map((k) => [k, true])) as never,
        );
        snack({ text: saveErrorText(err, t), type: 'error' });
      } finally {
        setSaving(false);
      }
    })();
  };
  return { form, saving, submit };
}

/** "Telefon, PLZ und E-Mail" in the UI language. */
function listNames(names: string[]): string {
  return new Intl.ListFormat(i18n.language, { style: 'long', type: 'conjunction' }).format(names);
}

/** A validation key from mutate() is shown translated; anything else as the generic failure. */
function saveErrorText(err: unknown, t: (key: never) => string): string {
  const message = err instanceof Error ? err.message : '';
  if (looksLikeMessageKey(message)) return t(message as never);
  if (err instanceof Error && err.name === 'StorageFullError')
    return t('forms:image.storageFull' as never);
  return t('forms:saveFailed' as never);
}
