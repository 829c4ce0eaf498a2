import { Benefits } from '@/features/catalogue/components/home/benefits';
import { ChaptersAccordion } from '@/features/catalogue/components/home/chapters-accordion';
import { FreeBooksCarousel } from '@/features/catalogue/components/home/free-books-carousel';
import { Hero } from '@/features/catalogue/components/home/hero';

export default function Route() {
  return (
    <>
      <title>Bookshelf — e-book library and store</title>
      <Hero />
      <Benefits />
      <ChaptersAccordion />
      <FreeBooksCarousel />
    </>
  );
}
