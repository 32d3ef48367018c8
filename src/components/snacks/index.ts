export {
  snack,
  closeSnack,
  clearSnacks,
  remainingPercent,
  useSnackStore,
  SNACK_DEFAULT_TIMEOUT,
  SNACK_TICK_MS,
  SNACK_WIDTH,
  type Snack,
  type SnackInput,
  type SnackType,
} from './snack-store';
export { SnackStack } from './snack-stack';
