import { useStoreInfo } from '@/lib/store-currency';

const count = new Intl.NumberFormat('en-US');

/** The free-books claim, counted by the server: never more than the catalogue holds. */
function freeClassicsText(stats: { books: number; freeBooks: number; categories: number } | undefined): string {
  if (!stats) return 'Public-domain books to download at no cost, no account needed.';
  const free = stats.freeBooks === 1 ? '1 free book' : `${count.format(stats.freeBooks)} free books`;
  return `${free} among ${count.format(stats.books)} in ${count.format(stats.categories)} categories, to download at no cost, no account needed.`;
}

const BENEFITS = [
  { title: 'Free classics', text: '' },
  { title: 'Read anywhere', text: 'Every book is a PDF that opens on your phone, tablet, e-reader or computer.' },
  { title: 'Yours to keep', text: 'Buy once and download again whenever you like from your dashboard.' },
  {
    title: 'Secure checkout',
    text: 'Cards are handled by our payment processor; we never store your full card number.',
  },
];

export function Benefits() {
  const stats = useStoreInfo()?.stats;
  return (
    <section aria-labelledby="benefits" className="bg-white py-16">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="benefits" className="text-center font-serif text-3xl font-bold text-stone-900">
          Why readers choose Bookshelf
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {BENEFITS.map((benefit) => (
            <li key={benefit.title} className="rounded-2xl border border-stone-200 bg-brand-50/50 p-6">
              <h3 className="font-serif text-lg font-semibold text-brand-700">{benefit.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-stone-600" data-testid={`benefit-${benefit.title}`}>
                {benefit.text || freeClassicsText(stats)}
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
