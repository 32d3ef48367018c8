/**
 * "Type the code": the way to a hose when the camera cannot be used or the label is damaged.
 * The typed text goes through the same parsing as a scan (a pasted link works too).
 */
import { Button, Group, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

export interface CodeEntryProps {
  onSubmit: (text: string) => void | Promise<void>;
  /** Shown under the field (e.g. "not on this device"). */
  error?: string | null;
  autoFocus?: boolean;
}

export function CodeEntry({ onSubmit, error, autoFocus }: CodeEntryProps) {
  const { t } = useTranslation('pipes');
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) void onSubmit(text);
  };
  return (
    <form onSubmit={submit} noValidate data-testid="code-entry">
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={t('scan.codeLabel')}
          placeholder={t('scan.codePlaceholder')}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          error={error ?? undefined}
          autoFocus={autoFocus}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          data-testid="code-entry-input"
        />
        <Button type="submit" mt={25} disabled={!text.trim()} data-testid="code-entry-open">
          {t('scan.open')}
        </Button>
      </Group>
    </form>
  );
}
