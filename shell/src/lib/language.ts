// Which language the page speaks (docs/decisions/0109-languages.md): the signed-in user's choice,
// kept on their account; before sign-in, the choice made on this device, else the browser's
// languages; English when Verity speaks none of them.
import {
  DEFAULT_LANGUAGE,
  PSEUDO_LANGUAGE,
  isLanguage,
  languageInUse,
  languageOf,
  sessionStore,
  switchLanguage,
  type Language,
} from '@verity/session';

/** localStorage: the language last chosen or used on this device, for the next visit's first page. */
const LANGUAGE_KEY = 'verity.language';
/** A cookie the identity provider reads, so its sign-in page speaks the same language. */
const LANGUAGE_COOKIE = 'verity-language';

function stored(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * The language a page starts in before anyone is known. The pseudo-language of the browser tests is
 * only ever set on the device by hand (or by a test), and then holds whatever the account says.
 */
export function startingLanguage(): Language | typeof PSEUDO_LANGUAGE {
  const kept = stored();
  if (isLanguage(kept) || kept === PSEUDO_LANGUAGE) return kept;
  return languageOf(typeof navigator === 'undefined' ? [] : (navigator.languages ?? []));
}

/** Turns the page to `language` and keeps it on this device (and for the identity provider). */
export async function keepLanguage(language: Language): Promise<void> {
  try {
    window.localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Private browsing without storage: the choice holds for this page only.
  }
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
  await switchLanguage(language);
}

/** The signed-in user's own language, when they chose one. */
const languageOfUser = (user: unknown): Language | undefined => {
  const chosen = (user as { language?: unknown } | null)?.language;
  return isLanguage(chosen) ? chosen : undefined;
};

/**
 * A user whose account has no language yet takes the page's, when it is not English (their
 * browser's, or the one they chose before signing in), so their e-mails come in it too. Once.
 */
async function adoptPageLanguage(): Promise<void> {
  const page = languageInUse();
  if (page === DEFAULT_LANGUAGE) return;
  try {
    // Loaded when needed: the first page carries no call it does not make.
    const { updateMySettings } = await import('@verity/shared-api/calls');
    sessionStore.getState().setUser(await updateMySettings({ language: page }));
  } catch {
    // Kept on this device only; the settings page offers it again.
  }
}

/**
 * Starts the page in its language, then follows the signed-in user's: their account's choice wins
 * over this device's as soon as they are known, and whenever they change it.
 */
export async function startLanguage(): Promise<void> {
  const starting = startingLanguage();
  await switchLanguage(starting);
  if (starting === PSEUDO_LANGUAGE) return;
  const follow = (user: unknown) => {
    if (!user) return;
    const chosen = languageOfUser(user);
    if (!chosen) {
      if (adopted !== user) void adoptPageLanguage();
      adopted = user;
    } else if (chosen !== languageInUse()) void keepLanguage(chosen);
  };
  let adopted: unknown;
  follow(sessionStore.getState().user);
  sessionStore.subscribe((state, previous) => {
    if (state.user !== previous.user) follow(state.user);
  });
}
