export { confirm, type ConfirmOptions } from './confirm';
export { ConfirmDialog, CONFIRM_WIDTH } from './confirm-dialog';
