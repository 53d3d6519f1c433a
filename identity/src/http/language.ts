// The language of a page or e-mail identity answers with: the authorization request's ui_locales
// (OpenID Connect's own parameter), else the app's verity-language cookie, else the browser's
// Accept-Language, else English (docs/decisions/0109-languages.md).
import type { Context } from 'koa';
import {
  DEFAULT_LANGUAGE,
  acceptLanguage,
  isLanguage,
} from '../../../session/src/language/languages';
import type { Language } from '../../../session/src/language/languages';
import { textsIn } from '../texts.js';
import type { Texts } from '../texts.js';

export const LANGUAGE_COOKIE = 'verity-language';
/** The query parameter identity's own links carry the page's language in (as OIDC names it). */
export const LANGUAGE_PARAMETER = 'ui_locales';

const primary = (tag: string) => tag.trim().split(/[-_]/)[0]?.toLowerCase();

/** The first of `ui_locales` (space-separated language tags, in order) that Verity speaks. */
export function uiLocalesLanguage(uiLocales: unknown): Language | undefined {
  if (typeof uiLocales !== 'string') return undefined;
  return uiLocales.split(/\s+/).map(primary).find(isLanguage);
}

/**
 * The request's language. `uiLocales` is the authorization request's when the page belongs to one;
 * otherwise the `ui_locales` identity's own links and forms carry.
 */
export function requestLanguage(ctx: Context, uiLocales?: unknown): Language {
  const cookie = ctx.cookies.get(LANGUAGE_COOKIE, { signed: false });
  return (
    uiLocalesLanguage(uiLocales ?? ctx.query[LANGUAGE_PARAMETER]) ??
    (isLanguage(cookie) ? cookie : undefined) ??
    acceptLanguage(ctx.get('Accept-Language')) ??
    DEFAULT_LANGUAGE
  );
}

/** Identity's texts in the request's language. */
export const requestTexts = (ctx: Context, uiLocales?: unknown): Texts =>
  textsIn(requestLanguage(ctx, uiLocales));

/**
 * A link or form action on identity that keeps the page's language: English, the default, adds
 * nothing, so English pages stay as they were.
 */
export function inLanguage(href: string, language: Language): string {
  if (language === DEFAULT_LANGUAGE) return href;
  const separator = href.includes('?') ? '&' : '?';
  return `${href}${separator}${LANGUAGE_PARAMETER}=${language}`;
}
