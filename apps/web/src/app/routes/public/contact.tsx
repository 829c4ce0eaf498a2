import { ContactForm } from '@/features/contact/components/contact-form';
import { useStoreContact } from '@/lib/store-currency';

export default function Route() {
  const store = useStoreContact();
  return (
    <section className="mx-auto max-w-5xl px-4 pb-16 pt-24">
      <title>Contact · Bookshelf</title>
      <h1 className="font-serif text-4xl font-bold text-stone-900">Contact</h1>
      <p className="mt-2 text-stone-600">Questions about a book, an order or your account? Write to us.</p>
      <div className="mt-8 grid gap-8 md:grid-cols-[1fr_16rem]">
        <div className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
          <ContactForm />
        </div>
        <aside className="space-y-3 text-sm text-stone-700">
          <h2 className="font-serif text-lg font-semibold text-stone-900">Other ways to reach us</h2>
          <p>
            Phone:{' '}
            <a href={`tel:${store.phone.replace(/\s/g, '')}`} className="font-medium text-brand-700 hover:underline">
              {store.phone}
            </a>
          </p>
          <p>
            E-mail:{' '}
            <a href={`mailto:${store.email}`} className="font-medium text-brand-700 hover:underline">
              {store.email}
            </a>
          </p>
        </aside>
      </div>
    </section>
  );
}
