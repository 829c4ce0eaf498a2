import { Icon } from '@/components/ui/icon';
import { buildUrl } from '@/lib/api-client';

/** "Download my data": a JSON file of the member's profile, orders, reviews, reading progress and books. */
export function MyData() {
  return (
    <div className="space-y-3">
      <p className="text-stone-700">
        One file (JSON) with your profile, your orders, your reviews, where you are in each book, and the list of your
        books with their download links.
      </p>
      <a
        href={buildUrl('/users/me/data')}
        download
        className="inline-flex items-center justify-center gap-2 rounded-lg border border-stone-300 bg-white px-4 py-2 font-medium text-stone-700 hover:bg-stone-50"
      >
        <Icon name="download" /> Download my data
      </a>
    </div>
  );
}
