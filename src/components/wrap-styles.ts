/**
 * Labels that wrap instead of being cut ("VERWENDUNGSDAUER ÜBERSC…", "Commander un remplac…"):
 * Mantine's Button and Badge keep their label on one line and clip it; long German and French
 * words need the line break on a 360 px phone.
 */
export const WRAP_BADGE = {
  root: { height: 'auto', maxWidth: '100%' },
  label: { whiteSpace: 'normal', overflow: 'visible' },
} as const;

export const WRAP_BUTTON = {
  root: { height: 'auto', minHeight: 44, maxWidth: '100%', paddingBlock: 6 },
  label: { whiteSpace: 'normal', overflow: 'visible', textAlign: 'center', lineHeight: 1.25 },
} as const;
