import * as client from 'openid-client';
import type { SignInStatus } from '../../shared/auth.js';
import type { ProviderProfile } from './users.repository.js';

export interface OidcProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export class SignInError extends Error {
  constructor(
    readonly status: Exclude<SignInStatus, 'success'>,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Authorization code flow with PKCE, state and nonce against one OpenID provider (Google, any
 * issuer, or the built-in development provider), through openid-client. Discovery happens on
 * first use and is retried after a failure.
 */
export class OidcClient {
  private configuration?: Promise<client.Configuration>;

  constructor(private readonly settings: () => OidcProviderSettings) {}

  private discover(): Promise<client.Configuration> {
    this.configuration ??= (async () => {
      const { issuer, clientId, clientSecret } = this.settings();
      const url = new URL(issuer);
      // Only a loopback or development issuer is ever plain http.
      const execute = url.protocol === 'http:' ? [client.allowInsecureRequests] : [];
      return client.discovery(url, clientId, clientSecret, client.ClientSecretPost(clientSecret), {
        execute,
      });
    })().catch((error: unknown) => {
      this.configuration = undefined;
      throw new SignInError('network', `discovery failed: ${describe(error)}`);
    });
    return this.configuration;
  }

  async authorizationUrl(params: {
    redirectUri: string;
    state: string;
    nonce: string;
    codeVerifier: string;
  }): Promise<URL> {
    const config = await this.discover();
    return client.buildAuthorizationUrl(config, {
      redirect_uri: params.redirectUri,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(params.codeVerifier),
      code_challenge_method: 'S256',
      state: params.state,
      nonce: params.nonce,
    });
  }

  /** Exchanges the code at the token endpoint and returns the verified ID token's person. */
  async finish(
    callbackUrl: URL,
    expected: { state: string; nonce: string; codeVerifier: string },
  ): Promise<ProviderProfile> {
    const config = await this.discover();
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: expected.codeVerifier,
        expectedState: expected.state,
        expectedNonce: expected.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      if (error instanceof client.AuthorizationResponseError && error.error === 'access_denied') {
        throw new SignInError('access_denied', 'the person declined');
      }
      if (
        error instanceof TypeError ||
        (error as { code?: string }).code === 'OAUTH_RESPONSE_IS_NOT_CONFORM'
      ) {
        throw new SignInError('network', describe(error));
      }
      throw new SignInError('provider_error', describe(error));
    }
    const claims = tokens.claims();
    if (!claims) throw new SignInError('provider_error', 'no ID token');
    const email = typeof claims.email === 'string' ? claims.email : '';
    if (!email)
      throw new SignInError('provider_error', 'the provider did not share an email address');
    const name =
      typeof claims.name === 'string' && claims.name.trim()
        ? claims.name.trim()
        : email.split('@')[0]!;
    const givenName =
      typeof claims.given_name === 'string' && claims.given_name.trim()
        ? claims.given_name.trim()
        : null;
    return {
      issuer: config.serverMetadata().issuer,
      subject: claims.sub,
      email,
      emailVerified: claims.email_verified === true,
      name,
      givenName,
      picture: typeof claims.picture === 'string' ? claims.picture : null,
    };
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `${error.message}${cause}`;
  }
  return String(error);
}
