/**
 * Upload of a machine document (PDF, JPG or PNG, at most 10 MB): the file is kept on the
 * device at once (captureDocument) and uploaded by the blob queue to the machine; the
 * document row names it by its blob id. Works offline.
 */
import { Button, FileButton, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { snack } from '@components/snacks';
import { MutationError, StorageFullError } from '@sync';
import { DocumentTypeError } from '@sync';
import { addMachineDocument } from './data/machine-writes';
import { savedKey } from '@sync';

export function DocumentUpload({ machineId }: { machineId: string }) {
  const { t } = useTranslation(['machines', 'validation', 'forms']);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const upload = async (file: File | null) => {
    if (!file) return;
    setError(null);
    setBusy(true);
    try {
      await addMachineDocument(machineId, file);
      snack({
        text: t(savedKey('machines:documents.uploaded', 'machines:documents.uploadedOffline')),
        type: 'success',
      });
    } catch (err) {
      if (err instanceof DocumentTypeError) setError(t('validation:documentType'));
      else if (err instanceof StorageFullError) setError(t('forms:image.storageFull'));
      else if (err instanceof MutationError && err.message === 'validation:fileTooLarge')
        setError(t('validation:fileTooLarge'));
      else setError(t('forms:saveFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Group gap="sm" mb="md" align="center" wrap="wrap">
      <FileButton onChange={(f) => void upload(f)} accept="application/pdf,image/png,image/jpeg">
        {(props) => (
          <Button loading={busy} {...props} data-testid="document-upload">
            {t('machines:documents.upload')}
          </Button>
        )}
      </FileButton>
      <Text size="xs" c="dimmed">
        {t('machines:documents.uploadHint')}
      </Text>
      {error ? (
        <Text c="red" size="sm" role="alert" w="100%">
          {error}
        </Text>
      ) : null}
    </Group>
  );
}
