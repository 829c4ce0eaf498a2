import { useId, useState } from 'react';
import { toggleOpen } from '../../lib/accordion';

export const CHAPTERS = [
  {
    title: 'Chapter 1: Finding your next book',
    text: 'Search the library by title, author or category, and filter by free or paid books.',
  },
  {
    title: 'Chapter 2: Reading for free',
    text: 'Free books download straight away as PDF files named after the book, no account needed.',
  },
  {
    title: 'Chapter 3: Building your wishlist',
    text: 'Sign up to keep favourites, fill a cart, and buy several books at once.',
  },
  {
    title: 'Chapter 4: Sharing your own stories',
    text: 'Members can submit their own books; they appear in the library once approved.',
  },
];

/** The chapters accordion: one item open at a time; clicking the open one closes it. */
export function ChaptersAccordion() {
  const [open, setOpen] = useState<number | null>(0);
  const baseId = useId();
  return (
    <section aria-labelledby={`${baseId}-heading`} className="mx-auto max-w-3xl px-4 py-16">
      <h2 id={`${baseId}-heading`} className="text-center font-serif text-3xl font-bold text-stone-900">
        Chapters
      </h2>
      <div className="mt-8 divide-y divide-stone-200 overflow-hidden rounded-2xl border border-stone-200 bg-white">
        {CHAPTERS.map((chapter, index) => {
          const expanded = open === index;
          return (
            <div key={chapter.title}>
              <h3>
                <button
                  type="button"
                  id={`${baseId}-button-${index}`}
                  aria-expanded={expanded}
                  aria-controls={`${baseId}-panel-${index}`}
                  onClick={() => setOpen((current) => toggleOpen(current, index))}
                  className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-stone-800 hover:bg-brand-50"
                >
                  {chapter.title}
                  <span
                    aria-hidden
                    className={`text-xl text-brand-600 transition-transform ${expanded ? 'rotate-45' : ''}`}
                  >
                    +
                  </span>
                </button>
              </h3>
              <div
                id={`${baseId}-panel-${index}`}
                role="region"
                aria-labelledby={`${baseId}-button-${index}`}
                hidden={!expanded}
                className="px-5 pb-5 text-stone-600"
              >
                {chapter.text}
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}
