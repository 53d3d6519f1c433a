/** Every English message of the browser's catalogues, compiled, by id, and the files they come from. */
export function englishMessages(): { files: string[]; messages: Map<string, unknown> };
