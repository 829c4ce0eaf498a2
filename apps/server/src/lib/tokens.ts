/** Session tokens: HS256 JWTs naming a server-side session (`sid`), so they can be revoked. */
import { SignJWT, jwtVerify } from 'jose';

export interface TokenClaims {
  userId: string;
  sessionId: string;
  role: 'admin' | 'member';
}

export class TokenService {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: TokenClaims, expiresAt: Date): Promise<string> {
    return new SignJWT({ sid: claims.sessionId, role: claims.role })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
  }

  /** The claims of a valid, unexpired token; null otherwise. */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
      const role = payload.role === 'admin' ? 'admin' : 'member';
      return { userId: payload.sub, sessionId: payload.sid, role };
    } catch {
      return null;
    }
  }
}
