export { Modal } from './modal';
export type { ModalProps, ModalSize } from './modal';
