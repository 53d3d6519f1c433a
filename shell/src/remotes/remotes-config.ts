/** One entry of GET /remotes.json: a federation container name and the URL of its remoteEntry.js. */
export interface RemoteEntryConfig {
  name: string;
  entry: string;
}

export interface RemotesConfig {
  remotes: RemoteEntryConfig[];
}

/**
 * The id of the page's data block holding /remotes.json's answer: the shell's server writes it into
 * the page (shell/server/page.ts), which saves asking for it.
 */
export const REMOTES_ELEMENT_ID = 'verity-remotes';

/** Checks the shape of /remotes.json, so a broken file fails loudly instead of loading nothing. */
export function parseRemotesConfig(value: unknown): RemotesConfig {
  const remotes = (value as { remotes?: unknown } | null)?.remotes;
  if (!Array.isArray(remotes)) throw new Error('remotes.json has no "remotes" list');
  return {
    remotes: remotes.map((remote: unknown, index) => {
      const { name, entry } = (remote ?? {}) as Partial<RemoteEntryConfig>;
      if (typeof name !== 'string' || name === '' || typeof entry !== 'string' || entry === '') {
        throw new Error(`remotes.json entry ${index} needs a name and an entry URL`);
      }
      return { name, entry };
    }),
  };
}
