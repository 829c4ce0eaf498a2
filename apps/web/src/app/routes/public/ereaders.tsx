import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { opdsAddress } from '@/lib/opds';

const APPS = [
  {
    name: 'KOReader',
    steps: [
      'Open the top menu and choose the search (magnifier) tab, then OPDS catalog.',
      'Tap + and paste the address.',
    ],
  },
  {
    name: 'Thorium Reader',
    steps: ['Open Catalogs, then Add an OPDS feed.', 'Give it a name and paste the address.'],
  },
  {
    name: 'Moon+ Reader',
    steps: ['Open the menu, then Net Library.', 'Choose Add a custom catalog and paste the address.'],
  },
];

/** How to add this store's OPDS catalogue to an e-reader app, with the address to copy. */
export default function Route() {
  const address = opdsAddress();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <section className="mx-auto max-w-3xl space-y-8 px-4 pb-16 pt-24">
      <title>Read in your e-reader app · Bookshelf</title>
      <div>
        <h1 className="font-serif text-4xl font-bold text-stone-900">Read in your e-reader app</h1>
        <p className="mt-2 text-stone-600">
          Browse the library and download your books from apps that read OPDS catalogues.
        </p>
      </div>
      <div className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
        <label htmlFor="opds-address" className="block text-sm font-medium text-stone-700">
          Catalogue address
        </label>
        <div className="mt-2 flex flex-col gap-3 sm:flex-row">
          <input
            id="opds-address"
            readOnly
            value={address}
            onFocus={(event) => event.target.select()}
            className="min-w-0 flex-1 rounded-lg border border-stone-300 bg-stone-50 px-3 py-2 font-mono text-sm"
          />
          <Button onClick={() => void copy()}>{copied ? 'Copied' : 'Copy address'}</Button>
        </div>
        <p className="mt-2 text-sm text-stone-600" role="status">
          {copied ? 'The address is on your clipboard.' : ''}
        </p>
        <p className="mt-3 text-sm text-stone-600">
          Free books open for everyone. For the books you bought, the app asks for your e-mail and an app password:
          create one under{' '}
          <Link to={paths.user.profile} className="font-medium text-brand-700 underline">
            Profile
          </Link>{' '}
          (your account password never goes to an app).
        </p>
      </div>
      <ol className="grid gap-4 sm:grid-cols-3">
        {APPS.map((app) => (
          <li key={app.name} className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
            <h2 className="font-serif text-lg font-semibold text-stone-900">{app.name}</h2>
            <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-stone-700">
              {app.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </li>
        ))}
      </ol>
    </section>
  );
}
