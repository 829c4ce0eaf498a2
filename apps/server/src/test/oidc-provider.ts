/**
 * A real OpenID provider on this machine (npm oidc-provider) standing in for Google: its own sign-in
 * and consent pages (the package's development interactions: any login name, any password), the
 * authorization code flow with PKCE, and ID tokens carrying e-mail claims. The login name chooses
 * the account: `verified:<email>` or `unverified:<email>` (its `sub` is that name), or a name given to
 * `setAccount` (a Google account whose address changes, say). The API tests and the browser tests both
 * start it (the browser tests on a port of their own range).
 */
import type { Server } from 'node:http';
import Provider from 'oidc-provider';
import { freePort } from './free-port.js';

export const OIDC_CLIENT = { id: 'ebook-store-test', secret: 'a-local-test-secret-of-some-length' };

export interface LocalOidcProvider {
  issuer: string;
  /** The e-mail claims of the account whose login name (and `sub`) is `subject`, from now on. */
  setAccount(subject: string, claims: { email: string; emailVerified: boolean }): void;
  close(): Promise<void>;
}

export async function startOidcProvider({
  redirectUri,
  port,
}: {
  redirectUri: string;
  /** A free one when not given. */
  port?: number;
}): Promise<LocalOidcProvider> {
  port ??= await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const accounts = new Map<string, { email: string; emailVerified: boolean }>();
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT.id,
        client_secret: OIDC_CLIENT.secret,
        redirect_uris: [redirectUri],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // As Google does: the e-mail claims in the ID token itself.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    async findAccount(_context, accountId) {
      const [kind, email = 'nobody@example.com'] = accountId.split(':');
      return {
        accountId,
        async claims() {
          const set = accounts.get(accountId);
          return {
            sub: accountId,
            email: set?.email ?? email,
            email_verified: set?.emailVerified ?? kind === 'verified',
            name: 'Grace Hopper',
          };
        },
      };
    },
  });
  // The package warns that its development pages are for development: they are what this test wants.
  provider.on('server_error', (_context, error) => console.error('oidc-provider:', error));
  const server: Server = provider.listen(port);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  return {
    issuer,
    setAccount: (subject, claims) => accounts.set(subject, claims),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
