export {
  confirm,
  settleConfirm,
  useConfirmStore,
  CONFIRM_RESET_DELAY_MS,
  CONFIRM_WIDTH,
  type ConfirmOptions,
} from './confirm-store';
export { ConfirmDialog } from './confirm-dialog';
