export {
  snack,
  closeSnack,
  clearSnacks,
  SNACK_DEFAULT_TIMEOUT,
  SNACK_WIDTH,
  type SnackInput,
  type SnackType,
} from './snack';
export { SNACK_TICK_MS, type SnackAction } from './snack-body';
export { SnackStack, SNACK_TRANSITION_MS } from './snack-stack';
