export { FileSize } from './file-size';
export type { FileSizeProps } from './file-size';
