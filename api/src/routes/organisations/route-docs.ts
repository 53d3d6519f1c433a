import { LIST_MAX_PAGE_SIZE, LIST_PAGE_SIZE } from '@verity/shared-api/src/server';

/** The OpenAPI tag and summary of an organisations route (its schemas are the contract's). */
export const routeDocs = (tag: string, summary: string) => ({ tags: [tag], summary });

/** The same for a list read one page at a time; `rows` names what the list holds. */
export const pageRouteDocs = (tag: string, summary: string, rows: string) => ({
  ...routeDocs(tag, summary),
  description: `${LIST_PAGE_SIZE} ${rows} a page unless \`pageSize\` (at most ${LIST_MAX_PAGE_SIZE}) says otherwise; \`total\` counts the ${rows} that pass the filters and the search.`,
});
