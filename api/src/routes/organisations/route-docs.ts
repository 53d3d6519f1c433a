/** The OpenAPI tag and summary of an organisations route (its schemas are the contract's). */
export const routeDocs = (tag: string, summary: string) => ({ tags: [tag], summary });
