/** A snack's text and countdown bar; its 100 ms clock closes the snack when the time is up. */
import { Button, Progress, type MantineColor } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';

export const SNACK_TICK_MS = 100;

/** Share of the timeout still left, 100 → 0, for the bar. */
export function remainingPercent(elapsed: number, timeout: number): number {
  if (timeout <= 0) return 100;
  return Math.max(0, 100 - (elapsed / timeout) * 100);
}

export interface SnackAction {
  /** Already translated label. */
  label: string;
  onClick: () => void;
}

interface SnackBodyProps {
  id: string;
  text: string;
  timeout: number;
  color: MantineColor;
  action?: SnackAction | undefined;
}

export function SnackBody({ id, text, timeout, color, action }: SnackBodyProps) {
  const [elapsed, setElapsed] = useState(0);
  const done = timeout <= 0 || elapsed >= timeout;
  useEffect(() => {
    if (done) return;
    const ticker = setInterval(() => setElapsed((e) => e + SNACK_TICK_MS), SNACK_TICK_MS);
    return () => clearInterval(ticker);
  }, [done]);
  useEffect(() => {
    if (timeout > 0 && elapsed >= timeout) notifications.hide(id);
  }, [id, elapsed, timeout]);
  return (
    <>
      {text}
      {action ? (
        <Button
          display="block"
          mt="xs"
          size="compact-md"
          variant="light"
          color={color}
          data-testid="snack-action"
          onClick={() => {
            notifications.hide(id);
            action.onClick();
          }}
        >
          {action.label}
        </Button>
      ) : null}
      {timeout > 0 ? (
        <Progress
          mt="xs"
          size="xs"
          color={color}
          value={remainingPercent(elapsed, timeout)}
          aria-hidden="true"
          transitionDuration={SNACK_TICK_MS}
        />
      ) : null}
    </>
  );
}
