import type { UserEvent } from '@testing-library/user-event';

/**
 * Puts `text` into an empty field as a paste does: a click into it, then one input event for the
 * whole text. Typing key by key re-renders the form once a character, which a test about what is
 * sent, kept or refused does not need; tests about typing itself (an error that clears on the first
 * key, a field that refuses a character) type.
 */
export async function enterText(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  await user.click(field);
  await user.paste(text);
}
