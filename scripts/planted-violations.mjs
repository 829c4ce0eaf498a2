// Proves the lint rules that hold the architecture's boundaries still fail: each planted violation is
// linted as if it were a real file of the project (ESLint's lintText with that file's path), and must be
// reported by the rule named. Exits 1 if a rule lets its violation through. Run by `npm run lint`.
import { ESLint } from 'eslint';

const PLANTED = [
  {
    what: "a server module importing another module's inner file",
    file: 'apps/server/src/modules/cart/cart.service.ts',
    code: "import { findBook } from '../books/books.service.js';\nexport const planted = findBook;\n",
    rule: 'no-restricted-imports',
  },
  {
    what: 'a nested file of a server module reaching into another module',
    file: 'apps/server/src/modules/payment/gateway/simulated-gateway.ts',
    code: "import { sendMail } from '../../mail/mailer.js';\nexport const planted = sendMail;\n",
    rule: 'no-restricted-imports',
  },
  {
    what: "a server module's file importing its own index",
    file: 'apps/server/src/modules/books/books.service.ts',
    code: "import { presentBook } from './index.js';\nexport const planted = presentBook;\n",
    rule: 'no-restricted-imports',
  },
  {
    what: 'a plugin depending on a module',
    file: 'apps/server/src/plugins/auth.ts',
    code: "import { presentBook } from '../modules/books/index.js';\nexport const planted = presentBook;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    what: 'lib depending on the database layer',
    file: 'apps/server/src/lib/errors.ts',
    code: "import { books } from '../db/schema/index.js';\nexport const planted = books;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    what: 'a web feature importing another feature',
    file: 'apps/web/src/features/cart/api/get-cart.ts',
    code: "import { paths } from '@/features/wishlist/api/wishlist';\nexport const planted = paths;\n",
    rule: 'no-restricted-imports',
  },
  {
    what: 'a shared web component depending on a feature',
    file: 'apps/web/src/components/ui/button.tsx',
    code: "import { paths } from '@/features/cart/api/cart';\nexport const planted = paths;\n",
    rule: 'no-restricted-imports',
  },
];

const eslint = new ESLint();
let failed = 0;
for (const planted of PLANTED) {
  const [result] = await eslint.lintText(planted.code, { filePath: planted.file });
  const caught = result?.messages.some((message) => message.ruleId === planted.rule);
  if (!caught) {
    failed += 1;
    const seen = result?.messages.map((message) => `${message.ruleId}: ${message.message}`).join('; ') || 'nothing';
    console.error(`✖ not caught: ${planted.what} (${planted.file}); saw ${seen}`);
  } else console.log(`✔ caught: ${planted.what} (${planted.rule})`);
}
process.exit(failed > 0 ? 1 : 0);
