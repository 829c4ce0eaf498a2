import { useStoreInfo } from '@/lib/store-currency';

/** "Test mode" while the simulated payment gateway is the one configured: no real money moves. */
export function TestModeBadge() {
  if (useStoreInfo()?.gateway !== 'simulated') return null;
  return (
    <span
      data-testid="test-mode-badge"
      title="Payments are simulated: test cards are accepted and no money moves."
      className="inline-flex items-center rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-inset ring-amber-300"
    >
      Test mode
    </span>
  );
}
