// Drafts of forms not yet saved, kept in the browser so a reload or a closed tab loses nothing.
// Each is filed under the signed-in user's id, and signing out removes them all, so the next person
// at a shared computer never sees them.

const PREFIX = 'verity.draft.';

const storageKey = (userId: string, name: string) => `${PREFIX}${userId}.${name}`;

/** The browser's storage, or none where it is switched off (some private windows). */
function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** The draft stored under `name` for this user, as it was written; undefined when there is none. */
export function readDraft(userId: string, name: string): unknown {
  const text = storage()?.getItem(storageKey(userId, name));
  if (text == null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Stores the draft; a full or switched-off storage only means no draft is kept. */
export function writeDraft(userId: string, name: string, value: unknown): void {
  try {
    storage()?.setItem(storageKey(userId, name), JSON.stringify(value));
  } catch {
    // Quota reached: the form still works, only without a draft.
  }
}

export function clearDraft(userId: string, name: string): void {
  storage()?.removeItem(storageKey(userId, name));
}

/** Removes every user's drafts (signing out). */
export function clearAllDrafts(): void {
  const store = storage();
  if (!store) return;
  const keys = Array.from({ length: store.length }, (_, index) => store.key(index)).filter(
    (key): key is string => key?.startsWith(PREFIX) === true,
  );
  for (const key of keys) store.removeItem(key);
}
