/**
 * A real OpenID provider (npm oidc-provider) standing in for Google in the browser tests: its own
 * sign-in page (any login name, any password) and consent page. The login name chooses the account:
 * `verified:<email>` or `unverified:<email>`.
 */
import type { Server } from 'node:http';
import Provider from 'oidc-provider';

export const OIDC_CLIENT = { id: 'ebook-store-e2e', secret: 'a-local-e2e-secret-of-some-length' };

export async function startOidcProvider(
  port: number,
  redirectUri: string,
): Promise<{ issuer: string; close(): Promise<void> }> {
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
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
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
  const server: Server = provider.listen(port);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  return { issuer, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
