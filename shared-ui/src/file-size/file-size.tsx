import { formatFileSizeKb } from '@verity/shared-api';

export interface FileSizeProps {
  bytes: number;
}

/** A file's size in KB, e.g. '12.50 KB'. */
export function FileSize({ bytes }: FileSizeProps) {
  return <span className="vui-file-size">{formatFileSizeKb(bytes)}</span>;
}
