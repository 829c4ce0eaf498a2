/**
 * "Login with Google": OpenID Connect's authorization code flow with PKCE, state and nonce, through
 * openid-client. The provider is found once by discovery (GOOGLE_ISSUER_URL); a member is found by the
 * Google account (`sub`) linked at their first Google sign-in, else by a verified e-mail address (and
 * linked), else created as a member without a password or phone (both can be added from the profile;
 * "Forgot password" sets a password).
 */
import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/index.js';
import { users, type UserRow } from '../../db/schema/index.js';
import { badRequest, forbidden, notFound, unavailable } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { normaliseEmail } from './auth.service.js';

/** What the browser carries (sealed in a cookie) from the start of a sign-in to its callback. */
export interface GoogleFlow {
  codeVerifier: string;
  state: string;
  nonce: string;
  /** A path inside the web app (a hash route) to return to. */
  returnTo: string;
}

export const googleCallbackUrl = (config: Config) => `${config.PUBLIC_URL}/api/auth/google/callback`;

export function googleConfigured(config: Config): boolean {
  return Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);
}

/** Discovers the provider once per app; a failed discovery is asked again on the next sign-in. */
export function googleClient(config: Config): () => Promise<oidc.Configuration> {
  let discovered: Promise<oidc.Configuration> | undefined;
  return () => {
    if (!config.GOOGLE_CLIENT_ID || !config.GOOGLE_CLIENT_SECRET) {
      return Promise.reject(
        notFound(
          'Login with Google is not set up on this store. Its owner enables it with GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET.',
          'GOOGLE_NOT_CONFIGURED',
        ),
      );
    }
    const issuer = new URL(config.GOOGLE_ISSUER_URL);
    discovered ??= oidc
      .discovery(
        issuer,
        config.GOOGLE_CLIENT_ID,
        { redirect_uris: [googleCallbackUrl(config)], response_types: ['code'] },
        oidc.ClientSecretPost(config.GOOGLE_CLIENT_SECRET),
        // Plain HTTP only for a provider on this machine (a local provider in tests and development).
        issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests], timeout: 30 } : { timeout: 30 },
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw unavailable(`Google sign-in is unavailable right now (${String(error)}).`, 'UNAVAILABLE');
      });
    return discovered;
  };
}

/** The provider's sign-in page for a new flow, and the flow to keep until the callback. */
export async function startGoogleSignIn(
  client: oidc.Configuration,
  { config, returnTo }: { config: Config; returnTo: string },
): Promise<{ url: URL; flow: GoogleFlow }> {
  const flow: GoogleFlow = {
    codeVerifier: oidc.randomPKCECodeVerifier(),
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    returnTo,
  };
  const url = oidc.buildAuthorizationUrl(client, {
    redirect_uri: googleCallbackUrl(config),
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(flow.codeVerifier),
    code_challenge_method: 'S256',
    state: flow.state,
    nonce: flow.nonce,
  });
  return { url, flow };
}

interface GoogleIdentity {
  /** Google's lasting id of the account (`sub`): unlike the e-mail address, it never changes. */
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

/** Exchanges the code (checking state, nonce and PKCE) for the person's identity at Google. */
export async function finishGoogleSignIn(
  client: oidc.Configuration,
  { callbackUrl, flow }: { callbackUrl: URL; flow: GoogleFlow },
): Promise<GoogleIdentity> {
  let claims: Record<string, unknown>;
  try {
    const tokens = await oidc.authorizationCodeGrant(client, callbackUrl, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    claims = { ...tokens.claims() };
    // Google puts the e-mail in the ID token; a provider that does not is asked at its userinfo endpoint.
    if (typeof claims.email !== 'string') {
      claims = { ...claims, ...(await oidc.fetchUserInfo(client, tokens.access_token, String(claims.sub))) };
    }
  } catch (error) {
    throw badRequest(
      `Google sign-in did not complete (${describe(error)}). Please try again.`,
      'GOOGLE_SIGN_IN_FAILED',
    );
  }
  const subject = typeof claims.sub === 'string' ? claims.sub : '';
  const email = typeof claims.email === 'string' ? normaliseEmail(claims.email) : '';
  if (!subject || !email) throw badRequest('Google did not share an e-mail address.', 'GOOGLE_SIGN_IN_FAILED');
  const name = typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : email.split('@')[0]!;
  return { subject, email, emailVerified: claims.email_verified === true, name: name.slice(0, 100) };
}

function describe(error: unknown): string {
  if (error instanceof Error) return 'code' in error && typeof error.code === 'string' ? error.code : error.message;
  return String(error);
}

/**
 * The account linked to this Google account; else the one with this verified e-mail (linked to it now,
 * unless it is linked to another already); else a new member's, linked.
 */
export async function memberForGoogle(
  { db, config }: Pick<FastifyInstance, 'db' | 'config'>,
  identity: GoogleIdentity,
): Promise<{ user: UserRow; created: boolean }> {
  const linked = await bySubject(db, identity.subject);
  if (linked) return { user: suspendedCheck(linked), created: false };
  // An unverified address proves nothing: signing in with it could take over someone else's account.
  if (!identity.emailVerified) {
    throw forbidden(
      `Google has not verified ${identity.email}. Verify it with Google, or log in with your password.`,
      'GOOGLE_EMAIL_UNVERIFIED',
    );
  }
  const existing = await byEmail(db, identity.email);
  if (existing) {
    suspendedCheck(existing);
    if (existing.googleSubject === null) {
      await db
        .update(users)
        .set({ googleSubject: identity.subject })
        .where(and(eq(users.id, existing.id), isNull(users.googleSubject)));
    }
    return { user: existing, created: false };
  }
  // No password was chosen: an unguessable one is stored, so only "Forgot password" can set one.
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'), config.passwordHashing);
  const [created] = await db
    .insert(users)
    .values({
      name: identity.name,
      email: identity.email,
      phone: '',
      passwordHash,
      role: 'member',
      googleSubject: identity.subject,
    })
    // The address or the Google account registered by another request in the meantime.
    .onConflictDoNothing()
    .returning();
  if (created) return { user: created, created: true };
  const winner = (await bySubject(db, identity.subject)) ?? (await byEmail(db, identity.email));
  return { user: suspendedCheck(winner!), created: false };
}

async function bySubject(db: FastifyInstance['db'], subject: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.googleSubject, subject)).limit(1);
  return user;
}

async function byEmail(db: FastifyInstance['db'], email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

function suspendedCheck(user: UserRow): UserRow {
  if (user.suspendedAt) throw forbidden('This account is suspended. Please contact the store.', 'ACCOUNT_SUSPENDED');
  return user;
}
