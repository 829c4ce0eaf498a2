/**
 * The revenue chart (Recharts), loaded only when the Sales screen opens. It is a picture of the table
 * beside it, so it is hidden from assistive technology, which reads the table instead.
 */
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCount, formatMoney, type Sales } from '@ebook/shared';

export default function SalesChart({ sales }: { sales: Sales }) {
  const data = sales.series.map((row) => ({ period: row.period, revenue: row.revenueCents / 100 }));
  return (
    <div aria-hidden="true" className="h-72 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 8 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e7e5e4" />
          <XAxis dataKey="period" tick={{ fontSize: 12, fill: '#57534e' }} />
          <YAxis
            tick={{ fontSize: 12, fill: '#57534e' }}
            width={60}
            tickFormatter={(value) => formatCount(Number(value))}
          />
          <Tooltip formatter={(value) => formatMoney(Math.round(Number(value) * 100), sales.currency)} />
          {/* A bar's width at most, so one day reads as a bar and not as the whole plot; drawn at once,
              without the grow-in animation, which a busy or hidden page may leave at its empty start. */}
          <Bar
            dataKey="revenue"
            name="Revenue"
            fill="#b45309"
            radius={[4, 4, 0, 0]}
            maxBarSize={48}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
