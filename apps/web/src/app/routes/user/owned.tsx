import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { OwnedBooks } from '@/features/orders/components/owned-books';
import { ContinueReading, ReadingProgressLabel, useReadingPlaces } from '@/features/reader/components/continue-reading';
import { opdsAddress } from '@/lib/opds';

export default function Route() {
  const places = useReadingPlaces();
  return (
    <div className="space-y-6">
      <h1 className="font-serif text-3xl font-bold text-stone-900">My Library</h1>
      <p className="text-stone-600">Every book you bought, ready to download again at any time.</p>
      <p className="text-sm text-stone-600" data-testid="library-opds">
        In an e-reader app, add the OPDS catalogue{' '}
        <code className="rounded bg-stone-100 px-1.5 py-0.5 text-stone-900">{opdsAddress()}</code> and sign in with an{' '}
        <Link to={paths.user.profile} className="text-brand-700 underline hover:no-underline">
          app password from your Profile
        </Link>{' '}
        to find these books there.
      </p>
      <ContinueReading />
      <OwnedBooks
        renderProgress={(bookId) => {
          const progress = places.get(bookId);
          return progress ? <ReadingProgressLabel progress={progress} /> : null;
        }}
      />
    </div>
  );
}
