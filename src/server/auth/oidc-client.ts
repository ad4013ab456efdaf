import * as client from 'openid-client';
import type { SignInStatus } from '../../shared/auth.js';
import type { ProviderProfile } from './users.repository.js';

export interface OidcProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /**
   * Other `iss` values this provider's ID tokens may carry. Google documents `accounts.google.com`
   * besides `https://accounts.google.com`; every other provider must match its issuer exactly.
   */
  idTokenIssuerAliases?: readonly string[];
}

/** A token endpoint answer, kept so that it can be checked a second time without a new request. */
interface RecordedResponse {
  status: number;
  headers: [string, string][];
  body: string;
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
      return client.discovery(
        new URL(issuer),
        clientId,
        clientSecret,
        client.ClientSecretPost(clientSecret),
        { execute: this.insecure() ? [client.allowInsecureRequests] : [] },
      );
    })().catch((error: unknown) => {
      this.configuration = undefined;
      throw new SignInError('network', `discovery failed: ${describe(error)}`);
    });
    return this.configuration;
  }

  /** Only a loopback or development issuer is ever plain http. */
  private insecure(): boolean {
    return new URL(this.settings().issuer).protocol === 'http:';
  }

  /** A configuration for one exchange, with its own fetch, on the discovered metadata. */
  private exchangeConfiguration(
    metadata: client.ServerMetadata,
    fetchImpl: client.CustomFetch,
  ): client.Configuration {
    const { clientId, clientSecret } = this.settings();
    const config = new client.Configuration(
      metadata,
      clientId,
      clientSecret,
      client.ClientSecretPost(clientSecret),
    );
    if (this.insecure()) client.allowInsecureRequests(config);
    config[client.customFetch] = fetchImpl;
    return config;
  }

  /** The alias of our issuer that this token response's ID token names, if it names one. */
  private aliasIn(recorded: RecordedResponse | undefined): string | undefined {
    const aliases = this.settings().idTokenIssuerAliases ?? [];
    if (!recorded || aliases.length === 0) return undefined;
    try {
      const { id_token: idToken } = JSON.parse(recorded.body) as { id_token?: unknown };
      if (typeof idToken !== 'string') return undefined;
      const payload = JSON.parse(
        Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8'),
      ) as { iss?: unknown };
      return typeof payload.iss === 'string' && aliases.includes(payload.iss)
        ? payload.iss
        : undefined;
    } catch {
      return undefined;
    }
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
    // The discovered metadata as plain data (without its helper method), to build on below.
    const metadata: client.ServerMetadata = JSON.parse(
      JSON.stringify((await this.discover()).serverMetadata()),
    ) as client.ServerMetadata;
    const checks = {
      pkceCodeVerifier: expected.codeVerifier,
      expectedState: expected.state,
      expectedNonce: expected.nonce,
      idTokenExpected: true,
    };
    let recorded: RecordedResponse | undefined;
    const recording: client.CustomFetch = async (url, options) => {
      const response = await fetch(url, options as RequestInit);
      if (url === metadata.token_endpoint) {
        recorded = {
          status: response.status,
          headers: [...response.headers],
          body: await response.clone().text(),
        };
      }
      return response;
    };
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      try {
        tokens = await client.authorizationCodeGrant(
          this.exchangeConfiguration(metadata, recording),
          callbackUrl,
          checks,
        );
      } catch (error) {
        const alias = this.aliasIn(recorded);
        if (!alias || !recorded) throw error;
        // The ID token names the issuer in its other documented form (Google's bare
        // `accounts.google.com`). The code is spent, so the same answer is checked again, in
        // full, against that form; every other check stays as it was.
        const answer = recorded;
        const replay: client.CustomFetch = async (url, options) =>
          url === metadata.token_endpoint
            ? new Response(answer.body, { status: answer.status, headers: answer.headers })
            : fetch(url, options as RequestInit);
        // The authorization response, `iss` included, was checked against the issuer above,
        // before the code was spent; here only the token answer is checked again.
        const withoutIss = new URL(callbackUrl);
        withoutIss.searchParams.delete('iss');
        const aliasMetadata: client.ServerMetadata = {
          ...metadata,
          issuer: alias,
          authorization_response_iss_parameter_supported: false,
        };
        tokens = await client.authorizationCodeGrant(
          this.exchangeConfiguration(aliasMetadata, replay),
          withoutIss,
          checks,
        );
      }
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
    // An address the provider has not verified may not be the person's: it must not receive
    // their receipts or stand for them here.
    if (claims.email_verified !== true && claims.email_verified !== 'true') {
      throw new SignInError('email_unverified', 'the provider has not verified the email address');
    }
    const name =
      typeof claims.name === 'string' && claims.name.trim()
        ? claims.name.trim()
        : email.split('@')[0]!;
    const givenName =
      typeof claims.given_name === 'string' && claims.given_name.trim()
        ? claims.given_name.trim()
        : null;
    return {
      issuer: metadata.issuer,
      subject: claims.sub,
      email,
      emailVerified: true,
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
