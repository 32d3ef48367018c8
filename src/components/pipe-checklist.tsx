/**
 * A scrollable list of hoses to tick ("1. HM-000123 · 2SN"), for the dialogs that act on a
 * choice of a machine's hoses: print labels, order several. Each box is named for a screen
 * reader by `ariaLabel` (the code in the caller's wording).
 */
import { Checkbox, ScrollArea, Stack, Text } from '@mantine/core';

interface ChecklistPipe {
  id: string;
  position: number;
  code: string;
}

export function PipeChecklist<P extends ChecklistPipe>({
  pipes,
  chosen,
  onToggle,
  ariaLabel,
  detail,
  maxHeight = '50vh',
}: {
  pipes: readonly P[];
  chosen: ReadonlySet<string>;
  onToggle: (id: string) => void;
  ariaLabel: (pipe: P) => string;
  /** Shown after the code, e.g. the hose type. */
  detail?: (pipe: P) => string | null | undefined;
  maxHeight?: string;
}) {
  return (
    <ScrollArea.Autosize mah={maxHeight}>
      <Stack gap={4}>
        {pipes.map((pipe) => {
          const extra = detail?.(pipe);
          return (
            <Checkbox
              key={pipe.id}
              size="md"
              py={8}
              checked={chosen.has(pipe.id)}
              onChange={() => onToggle(pipe.id)}
              aria-label={ariaLabel(pipe)}
              label={
                <Text span style={{ overflowWrap: 'anywhere' }}>
                  {pipe.position}. {pipe.code}
                  {extra ? ` · ${extra}` : ''}
                </Text>
              }
            />
          );
        })}
      </Stack>
    </ScrollArea.Autosize>
  );
}
