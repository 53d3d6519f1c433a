export { ToastProvider, toast } from './toast';
