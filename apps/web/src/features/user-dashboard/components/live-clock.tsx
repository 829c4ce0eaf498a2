import { useEffect, useState } from 'react';

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
const dateFormat = new Intl.DateTimeFormat(undefined, {
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

/** The dashboard clock, updated every second. */
export function LiveClock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <div className="sm:text-right">
      <time
        dateTime={now.toISOString()}
        className="block font-mono text-2xl font-semibold text-stone-900"
        data-testid="clock"
      >
        {timeFormat.format(now)}
      </time>
      <span className="text-sm text-stone-500">{dateFormat.format(now)}</span>
    </div>
  );
}
