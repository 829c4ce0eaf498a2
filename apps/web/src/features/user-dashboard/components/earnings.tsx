/** 'Earnings': for a member who submitted paid books, copies sold and revenue per book. */
import { formatCount, formatMoney } from '@ebook/shared';
import { useEarnings } from '../api/get-earnings';

export function Earnings() {
  const earnings = useEarnings();
  if (!earnings.data || earnings.data.books.length === 0) return null;
  const { currency, books, royaltyPercent } = earnings.data;
  return (
    <section aria-labelledby="earnings-heading" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
      <h2 id="earnings-heading" className="font-serif text-xl font-bold text-stone-900">
        Earnings
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        Your share is {royaltyPercent}% of each sale; refunded copies are left out.
      </p>
      <div className="mt-4 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Copies sold and revenue per book</caption>
          <thead className="text-xs text-stone-600 uppercase">
            <tr>
              <th scope="col" className="py-2">
                Book
              </th>
              <th scope="col" className="py-2 text-right">
                Copies sold
              </th>
              <th scope="col" className="py-2 text-right">
                Revenue
              </th>
              <th scope="col" className="py-2 text-right">
                Your share
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {books.map((book) => (
              <tr key={book.bookId}>
                <th scope="row" className="py-2 font-medium text-stone-900">
                  {book.title}
                </th>
                <td className="py-2 text-right text-stone-700">{formatCount(book.copies)}</td>
                <td className="py-2 text-right text-stone-700">{formatMoney(book.revenueCents, currency)}</td>
                <td className="py-2 text-right font-semibold text-stone-900">
                  {formatMoney(book.royaltyCents, currency)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
