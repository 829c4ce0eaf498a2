/**
 * First run: the admin account and, on an empty catalogue, the demo books. Safe to call on every
 * start; it only fills what is missing.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../../lib/passwords.js';
import { promotions, users } from '../schema/index.js';
import { seedCatalogue } from './catalogue.js';
import type { SeedContext } from './seed-context.js';

/** The specification's About banner: 25% off, for 90 days from the first run. */
export const DEMO_PROMOTION = { percentOff: 25, days: 90 };

export async function seedOnFirstRun(context: SeedContext): Promise<void> {
  await ensureAdmin(context);
  if (context.config.SEED_DEMO) {
    await seedCatalogue(context);
    await seedPromotion(context);
  }
}

/** The demo promotion, once: an admin who changes or ends it is never overruled by a restart. */
async function seedPromotion({ db, log }: SeedContext): Promise<void> {
  const endsAt = new Date(Date.now() + DEMO_PROMOTION.days * 24 * 60 * 60 * 1000);
  const created = await db
    .insert(promotions)
    .values({ id: 1, percentOff: DEMO_PROMOTION.percentOff, endsAt, active: true })
    .onConflictDoNothing({ target: promotions.id })
    .returning({ id: promotions.id });
  if (created.length > 0) log.info({ percentOff: DEMO_PROMOTION.percentOff, endsAt }, 'demo promotion created');
}

async function ensureAdmin({ db, config, log }: SeedContext): Promise<void> {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  if (admin) return;
  const generated = !config.ADMIN_PASSWORD;
  const password = config.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url');
  await db
    .insert(users)
    .values({
      name: 'Store Admin',
      email: config.ADMIN_EMAIL.toLowerCase(),
      phone: '+94000000000',
      passwordHash: await hashPassword(password, config.passwordHashing),
      role: 'admin',
    })
    .onConflictDoNothing({ target: users.email });
  if (generated) {
    // Printed once, on the run that created the account; it is not stored anywhere in clear.
    console.log(
      `\n  Admin account created: ${config.ADMIN_EMAIL}\n  Password (shown only now): ${password}\n  Set ADMIN_PASSWORD to choose it yourself.\n`,
    );
  } else {
    log.info({ email: config.ADMIN_EMAIL }, 'admin account created');
  }
}
