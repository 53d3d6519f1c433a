// API tokens (docs/decisions/0095-api-tokens.md): a system acting for an organisation with one of its
// roles. The limits, the roles a token may hold and the words the API and the settings page share.
import { t } from '#texts';
import type { RuleResult } from '../rules/rule-result';
import { textRecord } from '../text-records';
import type { Role } from './user';

/** Every secret starts so, which lets a person (and a secret scanner) recognise one. */
export const API_TOKEN_PREFIX = 'vrt_';

export const API_TOKEN_LIMITS = {
  name: 100,
  /** Live (not revoked, not expired) tokens of one organisation. */
  live: 20,
  expiresInDaysMin: 1,
  expiresInDaysMax: 365,
  expiresInDaysDefault: 90,
} as const;

/**
 * The roles a token may hold: any but owner. An owner's powers (adding owners, removing people,
 * making tokens) stay with people.
 */
export const API_TOKEN_ROLES = ['admin', 'editor', 'viewer'] as const satisfies readonly Role[];

/**
 * What a token is for: the API's routes, acting with its role; or provisioning, the SCIM routes
 * alone, by which the organisation's directory manages its members (docs/decisions/0097-scim-provisioning.md).
 */
export const API_TOKEN_PURPOSES = ['api', 'provisioning'] as const;
export type ApiTokenPurpose = (typeof API_TOKEN_PURPOSES)[number];
export type ApiTokenRole = (typeof API_TOKEN_ROLES)[number];

/** How a token's membership is named wherever a person's name would show (history, remarks). */
export const apiTokenMemberName = (name: string) => `${name.trim()} (API token)`;

export const API_TOKEN_MESSAGES = {
  get title() {
    return t('contract.apiToken.title');
  },
  get intro() {
    return t('contract.apiToken.intro');
  },
  get nameRequired() {
    return t('contract.apiToken.nameRequired');
  },
  get nameTooLong() {
    return t('contract.apiToken.nameTooLong', { max: API_TOKEN_LIMITS.name });
  },
  get badRole() {
    return t('contract.apiToken.badRole');
  },
  get badExpiry() {
    return t('contract.apiToken.badExpiry', {
      min: API_TOKEN_LIMITS.expiresInDaysMin,
      max: API_TOKEN_LIMITS.expiresInDaysMax,
    });
  },
  get tooMany() {
    return t('contract.apiToken.tooMany', { max: API_TOKEN_LIMITS.live });
  },
  /** A token asking for what only a person's browser session has (the live stream). */
  get sessionOnly() {
    return t('contract.apiToken.sessionOnly');
  },
  get expired() {
    return t('contract.apiToken.expired');
  },
  get unknown() {
    return t('contract.apiToken.unknown');
  },
  /** A token used where its purpose does not take it, by what it is for. */
  wrongPurpose: textRecord<ApiTokenPurpose>({
    api: 'contract.apiToken.wrongPurpose.api',
    provisioning: 'contract.apiToken.wrongPurpose.provisioning',
  }),
  get badPurpose() {
    return t('contract.apiToken.badPurpose');
  },
  get alreadyRevoked() {
    return t('contract.apiToken.alreadyRevoked');
  },
  get secretOnce() {
    return t('contract.apiToken.secretOnce');
  },
  get create() {
    return t('contract.apiToken.create');
  },
  get revoke() {
    return t('contract.apiToken.revoke');
  },
};

/** The name as kept: trimmed; refused when empty or too long. */
export function checkApiTokenName(name: string): RuleResult<string> {
  const trimmed = name.trim();
  if (!trimmed) return { ok: false, message: API_TOKEN_MESSAGES.nameRequired };
  if (trimmed.length > API_TOKEN_LIMITS.name)
    return { ok: false, message: API_TOKEN_MESSAGES.nameTooLong };
  return { ok: true, value: trimmed };
}

export const isApiTokenRole = (role: string): role is ApiTokenRole =>
  (API_TOKEN_ROLES as readonly string[]).includes(role);

export const isApiTokenExpiry = (days: number) =>
  Number.isInteger(days) &&
  days >= API_TOKEN_LIMITS.expiresInDaysMin &&
  days <= API_TOKEN_LIMITS.expiresInDaysMax;

/** Whether a bearer credential is shaped like one of ours (the prefix and 43 base64url characters). */
export const looksLikeApiToken = (value: string) => /^vrt_[A-Za-z0-9_-]{43}$/.test(value);
