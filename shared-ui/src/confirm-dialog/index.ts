export { ConfirmDialog, DeleteUserDialog } from './confirm-dialog';
export type { ConfirmDialogProps, DeleteUserDialogProps } from './confirm-dialog';
