// The OpenID Connect provider: one confidential client (Verity's API), code flow with PKCE, our storage and keys.
import type { JsonWebKey } from 'node:crypto';
import Provider from 'oidc-provider';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import { findAccountById, toPublicUser } from '../accounts/account-repository.js';
import type { IdentityConfig } from '../config.js';
import type { Database } from '../db/database.js';
import { errorPage } from '../interactions/pages.js';
import { requestTexts } from '../http/language.js';
import { createAdapterFactory } from './adapter.js';

export interface ProviderDeps {
  config: IdentityConfig;
  db: Database;
  signingKeys: JsonWebKey[];
}

export function createProvider({ config, db, signingKeys }: ProviderDeps): Provider {
  const configuration: Configuration = {
    adapter: createAdapterFactory(db),
    clients: [
      {
        client_id: config.client.clientId,
        client_secret: config.client.clientSecret,
        redirect_uris: config.client.redirectUris,
        post_logout_redirect_uris: config.client.postLogoutRedirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        scope: 'openid email profile',
      },
    ],
    clientAuthMethods: ['client_secret_basic'],
    responseTypes: ['code'],
    pkce: { required: () => true },
    scopes: ['openid', 'email', 'profile'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'picture'],
    },
    // The ID token carries the scope's claims itself, so the API needs no userinfo call.
    conformIdTokenClaims: false,
    async findAccount(_ctx, sub) {
      const account = await findAccountById(db, sub);
      if (!account) return undefined;
      return {
        accountId: account.id,
        claims: () => ({ ...toPublicUser(account) }),
      };
    },
    jwks: { keys: signingKeys as NonNullable<Configuration['jwks']>['keys'] },
    cookies: {
      keys: config.cookieKeys,
      long: { httpOnly: true, sameSite: 'lax', signed: true },
      short: { httpOnly: true, sameSite: 'lax', signed: true },
    },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: true },
      userinfo: { enabled: true },
    },
    interactions: {
      url: (_ctx, interaction) => `/interaction/${interaction.uid}`,
    },
    ttl: {
      AccessToken: 10 * 60,
      AuthorizationCode: 60,
      IdToken: 10 * 60,
      Interaction: 60 * 60,
      Grant: 24 * 60 * 60,
      Session: 24 * 60 * 60,
    },
    renderError(ctx: KoaContextWithOIDC, out) {
      // The detail is oidc-provider's own description of the protocol error, in English.
      const t = requestTexts(ctx, ctx.oidc?.params?.ui_locales);
      ctx.type = 'html';
      ctx.body = errorPage(t, t('identity.errorPage.generic'), {
        detail: out.error_description ?? out.error,
      });
    },
  };

  return new Provider(config.issuer, configuration);
}
