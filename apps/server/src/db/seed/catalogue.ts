import type { SeedContext } from './index.js';

/** The demo catalogue; filled in by the catalogue work. */
export async function seedCatalogue(_context: SeedContext): Promise<void> {}
