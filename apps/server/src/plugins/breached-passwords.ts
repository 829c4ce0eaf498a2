/**
 * The passwords that breaches show people use most: zxcvbn-ts's list of about 49,000 (a maintained
 * package), plus a few this store would attract. Loaded on the first check, not at start-up, and
 * kept in this app's Set; the check ignores case.
 */
import fp from 'fastify-plugin';
import { COMMON_PASSWORDS } from '../lib/common-passwords.js';
import type { BreachedPasswords } from '../lib/passwords.js';

declare module 'fastify' {
  interface FastifyInstance {
    breachedPasswords: BreachedPasswords;
  }
}

async function loadList(): Promise<Set<string>> {
  const { dictionary } = await import('@zxcvbn-ts/language-common');
  const list = new Set(dictionary['passwords-common'].map((password) => password.toLowerCase()));
  for (const password of COMMON_PASSWORDS) list.add(password);
  return list;
}

export default fp(
  async (app) => {
    let list: Promise<Set<string>> | undefined;
    const loaded = () => {
      list ??= loadList().catch((error: unknown) => {
        list = undefined; // try again on the next check
        throw error;
      });
      return list;
    };
    app.decorate('breachedPasswords', {
      has: async (password: string) => (await loaded()).has(password.toLowerCase()),
      size: async () => (await loaded()).size,
    });
  },
  { name: 'breached-passwords' },
);
