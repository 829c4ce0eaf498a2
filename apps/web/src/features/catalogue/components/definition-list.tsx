/** Label/value pairs (Book Information, Additional Information). */
export function DefinitionList({ items }: { items: { label: string; value: string }[] }) {
  return (
    <dl className="divide-y divide-stone-100">
      {items.map((item) => (
        <div key={item.label} className="flex justify-between gap-4 py-2 text-sm">
          <dt className="font-medium text-stone-500">{item.label}</dt>
          <dd className="text-right font-medium text-stone-800">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
