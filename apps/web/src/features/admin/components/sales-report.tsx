/**
 * 'Sales': revenue per day, week or month as a chart (loaded lazily) with the same figures in a
 * table beside it; orders, average order, refunds, promotion cost; the best sellers; authors'
 * earnings with the payouts CSV.
 */
import { lazy, Suspense, useState } from 'react';
import { SALES_PERIODS, formatCount, formatMoney, type SalesPeriod } from '@ebook/shared';
import { Icon } from '@/components/ui/icon';
import { Spinner } from '@/components/ui/spinner';
import { payoutsCsvUrl, useAuthorEarnings, useSales } from '../api/get-sales';
import { TableShell } from './table-shell';

const SalesChart = lazy(() => import('./sales-chart'));

const FIELD =
  'mt-1 w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-stone-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100';
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const PERIOD_LABELS: Record<SalesPeriod, string> = { day: 'Day', week: 'Week', month: 'Month' };

export function SalesReport() {
  const [from, setFrom] = useState(() => isoDay(new Date(Date.now() - 29 * 86_400_000)));
  const [to, setTo] = useState(() => isoDay(new Date()));
  const [period, setPeriod] = useState<SalesPeriod>('day');
  const valid = Boolean(from && to && from <= to);
  const sales = useSales({ from, to, period }, valid);
  const earnings = useAuthorEarnings();
  const data = sales.data;
  const money = (cents: number) => (data ? formatMoney(cents, data.currency) : '');

  return (
    <div className="space-y-6">
      <div className="grid gap-3 sm:grid-cols-3" role="group" aria-label="Sales period">
        <div>
          <label htmlFor="sales-from" className="block text-sm font-medium text-stone-700">
            From
          </label>
          <input
            id="sales-from"
            type="date"
            value={from}
            onChange={(event) => setFrom(event.target.value)}
            className={FIELD}
          />
        </div>
        <div>
          <label htmlFor="sales-to" className="block text-sm font-medium text-stone-700">
            To
          </label>
          <input
            id="sales-to"
            type="date"
            value={to}
            onChange={(event) => setTo(event.target.value)}
            className={FIELD}
          />
        </div>
        <div>
          <label htmlFor="sales-period" className="block text-sm font-medium text-stone-700">
            Revenue per
          </label>
          <select
            id="sales-period"
            value={period}
            onChange={(event) => setPeriod(event.target.value as SalesPeriod)}
            className={FIELD}
          >
            {SALES_PERIODS.map((value) => (
              <option key={value} value={value}>
                {PERIOD_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {!valid && (
        <p role="alert" className="text-red-700">
          The start date must be on or before the end date.
        </p>
      )}
      {!valid ? null : sales.isPending ? (
        <Spinner label="Loading sales" className="justify-center py-12" />
      ) : sales.isError || !data ? (
        <p role="alert" className="text-red-700">
          Could not load the sales figures. Please try again.
        </p>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-4 lg:grid-cols-5" data-testid="sales-figures">
            {[
              ['Revenue', money(data.revenueCents)],
              ['Orders', formatCount(data.orders)],
              ['Average order', money(data.averageOrderCents)],
              ['Refunds', money(data.refundedCents)],
              ['Promotion cost', money(data.promotionCostCents)],
            ].map(([label, value]) => (
              <div key={label} className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
                <dt className="text-sm font-medium text-stone-600">{label}</dt>
                <dd className="text-2xl font-bold text-stone-900">{value}</dd>
              </div>
            ))}
          </dl>
          <section
            aria-labelledby="revenue-heading"
            className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200"
          >
            <h2 id="revenue-heading" className="font-serif text-xl font-bold text-stone-900">
              Revenue per {PERIOD_LABELS[period].toLowerCase()}
            </h2>
            {data.series.length === 0 ? (
              <p className="mt-3 text-stone-600">No orders in this period.</p>
            ) : (
              <div className="mt-4 grid gap-6 lg:grid-cols-[2fr_1fr]">
                <Suspense fallback={<Spinner label="Loading the chart" className="justify-center py-12" />}>
                  <SalesChart sales={data} />
                </Suspense>
                <div className="max-h-72 overflow-y-auto">
                  <table className="w-full text-left text-sm">
                    <caption className="sr-only">Revenue and orders per {PERIOD_LABELS[period].toLowerCase()}</caption>
                    <thead className="text-xs text-stone-600 uppercase">
                      <tr>
                        <th scope="col" className="py-2">
                          {PERIOD_LABELS[period]}
                        </th>
                        <th scope="col" className="py-2 text-right">
                          Orders
                        </th>
                        <th scope="col" className="py-2 text-right">
                          Revenue
                        </th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-stone-100">
                      {data.series.map((row) => (
                        <tr key={row.period}>
                          <th scope="row" className="py-1.5 font-normal text-stone-900">
                            {row.period}
                          </th>
                          <td className="py-1.5 text-right text-stone-700">{formatCount(row.orders)}</td>
                          <td className="py-1.5 text-right text-stone-900">{money(row.revenueCents)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </div>
            )}
          </section>
          <TableShell
            caption="Top books"
            headers={['Book', 'Copies', 'Revenue']}
            loading={false}
            error={false}
            empty={data.topBooks.length === 0}
            emptyText="No books sold in this period."
          >
            {data.topBooks.map((book) => (
              <tr key={book.bookId ?? book.title}>
                <td className="px-4 py-2 text-stone-900">{book.title}</td>
                <td className="px-4 py-2 text-stone-700">{formatCount(book.copies)}</td>
                <td className="px-4 py-2 text-stone-900">{money(book.revenueCents)}</td>
              </tr>
            ))}
          </TableShell>
        </>
      )}
      <section aria-labelledby="earnings-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="earnings-heading" className="font-serif text-xl font-bold text-stone-900">
            Authors’ earnings
            {earnings.data && (
              <span className="ml-2 text-base font-normal text-stone-600">
                at {earnings.data.royaltyPercent}% royalty
              </span>
            )}
          </h2>
          <a
            href={payoutsCsvUrl()}
            download
            className="inline-flex items-center gap-2 rounded-lg border border-stone-300 bg-white px-4 py-2 font-medium text-stone-700 hover:bg-stone-50"
          >
            <Icon name="download" className="h-4 w-4" />
            Payouts CSV
          </a>
        </div>
        <TableShell
          caption="Authors’ earnings"
          headers={['Author', 'Books sold', 'Copies', 'Revenue', 'Royalty']}
          loading={earnings.isPending}
          error={earnings.isError}
          empty={(earnings.data?.authors.length ?? 0) === 0}
          emptyText="No member's book has sold yet."
        >
          {earnings.data?.authors.map((author) => (
            <tr key={author.userId}>
              <td className="px-4 py-2">
                <p className="font-medium text-stone-900">{author.name}</p>
                <p className="text-xs text-stone-500">{author.email}</p>
              </td>
              <td className="px-4 py-2 text-stone-700">{formatCount(author.books)}</td>
              <td className="px-4 py-2 text-stone-700">{formatCount(author.copies)}</td>
              <td className="px-4 py-2 text-stone-900">{formatMoney(author.revenueCents, earnings.data.currency)}</td>
              <td className="px-4 py-2 font-semibold text-stone-900">
                {formatMoney(author.royaltyCents, earnings.data.currency)}
              </td>
            </tr>
          ))}
        </TableShell>
      </section>
    </div>
  );
}
