/**
 * A real OpenID provider on this machine (npm oidc-provider) standing in for Google: its own sign-in
 * and consent pages (the package's development interactions: any login name, any password), the
 * authorization code flow with PKCE, and ID tokens carrying e-mail claims. The login name chooses
 * the account: `verified:<email>` or `unverified:<email>`.
 */
import type { Server } from 'node:http';
import Provider from 'oidc-provider';
import { freePort } from './free-port.js';

export const OIDC_CLIENT = { id: 'ebook-store-test', secret: 'a-local-test-secret-of-some-length' };

export interface LocalOidcProvider {
  issuer: string;
  close(): Promise<void>;
}

export async function startOidcProvider({ redirectUri }: { redirectUri: string }): Promise<LocalOidcProvider> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
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
          return { sub: accountId, email, email_verified: kind === 'verified', name: 'Grace Hopper' };
        },
      };
    },
  });
  // The package warns that its development pages are for development: they are what this test wants.
  provider.on('server_error', (_context, error) => console.error('oidc-provider:', error));
  const server: Server = provider.listen(port);
  await new Promise<void>((resolve) => server.once('listening', resolve));
  return {
    issuer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
