import { PromotionBanner } from '@/features/catalogue/components/about/promotion-banner';
import { Testimonials } from '@/features/catalogue/components/about/testimonials';

export default function Route() {
  return (
    <div className="pt-24">
      <title>About · Bookshelf</title>
      <section className="mx-auto max-w-4xl px-4 py-10">
        <h1 className="font-serif text-4xl font-bold text-stone-900">About</h1>
        <div className="mt-6 space-y-4 text-lg leading-relaxed text-stone-700">
          <p>
            Bookshelf is an online library and bookshop. We gather the great public-domain classics so anyone can read
            them for free, and we sell new e-books from independent authors and publishers.
          </p>
          <p>
            Every book is a PDF you keep: download a free book in one click, or buy a new one and find it in your
            dashboard whenever you want to read it again. Members can also share their own writing; our team reviews
            each submission before it joins the library.
          </p>
        </div>
      </section>
      <PromotionBanner />
      <Testimonials />
    </div>
  );
}
