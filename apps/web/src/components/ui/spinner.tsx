export function Spinner({ label = 'Loading', className = '' }: { label?: string; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={`flex items-center gap-3 text-stone-500 ${className}`}>
      <span className="h-6 w-6 animate-spin rounded-full border-2 border-stone-300 border-t-brand-600" aria-hidden />
      <span className="sr-only">{label}</span>
    </div>
  );
}
