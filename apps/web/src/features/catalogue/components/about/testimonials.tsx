const TESTIMONIALS = [
  { quote: 'I found every classic from my school reading list, free, in one evening.', name: 'Nimali P.' },
  { quote: 'Buying is quick and the PDFs open on my e-reader without any fuss.', name: 'James O.' },
  { quote: 'The search forgives my spelling. “Pride prejudise” still found Austen!', name: 'Aisha R.' },
  { quote: 'I submitted my first short story and it was in the library a day later.', name: 'Kasun D.' },
  { quote: 'A calm, tidy bookshop. My wishlist is already far too long.', name: 'Marta L.' },
];

// The keyframes live with the component that uses them; React hoists and de-duplicates the tag.
const MARQUEE_CSS = `
@keyframes testimonials-marquee { from { transform: translateX(0); } to { transform: translateX(-50%); } }
.testimonials-track { animation: testimonials-marquee 40s linear infinite; }
.testimonials-marquee:hover .testimonials-track,
.testimonials-marquee:focus-within .testimonials-track { animation-play-state: paused; }
@media (prefers-reduced-motion: reduce) {
  .testimonials-track { animation: none; flex-wrap: wrap; justify-content: center; }
  .testimonials-track > [aria-hidden='true'] { display: none; }
}`;

/** Scrolling testimonials: a CSS marquee that pauses on hover and stands still for reduced motion. */
export function Testimonials() {
  return (
    <section aria-labelledby="testimonials" className="py-16">
      <style href="testimonials-marquee" precedence="default">
        {MARQUEE_CSS}
      </style>
      <h2 id="testimonials" className="text-center font-serif text-3xl font-bold text-stone-900">
        What our readers say
      </h2>
      <div className="testimonials-marquee mt-10 overflow-hidden">
        <div className="testimonials-track flex w-max gap-6 px-3">
          {[false, true].map((copy) =>
            TESTIMONIALS.map((item) => (
              <figure
                key={`${copy}-${item.name}`}
                aria-hidden={copy || undefined}
                className="w-80 shrink-0 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm"
              >
                <blockquote className="font-serif text-lg leading-relaxed text-stone-700">“{item.quote}”</blockquote>
                <figcaption className="mt-4 text-sm font-semibold text-brand-700">{item.name}</figcaption>
              </figure>
            )),
          )}
        </div>
      </div>
    </section>
  );
}
