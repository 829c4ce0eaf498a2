import { PromotionBanner } from '@/features/catalogue/components/about/promotion-banner';
import { Benefits } from '@/features/catalogue/components/home/benefits';
import {
  FreeBooksCarousel,
  NewBooksCarousel,
  PaidBooksCarousel,
} from '@/features/catalogue/components/home/books-carousel';
import { ChaptersAccordion } from '@/features/catalogue/components/home/chapters-accordion';
import { Hero } from '@/features/catalogue/components/home/hero';

/** The home page: the offer running now, new and paid books, then the specification's sections. */
export default function Route() {
  return (
    <>
      <title>Bookshelf — e-book library and store</title>
      <Hero />
      <PromotionBanner />
      <NewBooksCarousel />
      <PaidBooksCarousel />
      <Benefits />
      <ChaptersAccordion />
      <FreeBooksCarousel />
    </>
  );
}
