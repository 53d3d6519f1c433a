export { RevisionDifferences } from './revision-differences';
export type { RevisionDifferencesProps } from './revision-differences';
