import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { OpenFailure } from '../lib/pdf';

const MESSAGES: Record<OpenFailure, { title: string; text: string }> = {
  login: { title: 'Please log in to read this book', text: 'This book is for its buyers. Log in to read it here.' },
  forbidden: { title: 'This book is not in your library', text: 'Buy this book to read all of it.' },
  missing: { title: 'Book not found', text: 'This book or its file is no longer available.' },
  unavailable: { title: 'No sample yet', text: 'A sample of this book is not available.' },
  broken: {
    title: 'This PDF cannot be shown',
    text: 'The file of this book is damaged or protected, so the reader cannot open it. Please tell us through the contact page.',
  },
  network: { title: 'The book could not be loaded', text: 'Please check your connection and try again.' },
};

/** Why the reader shows no page, with a way on; `children` adds something (the story, a sample's). */
export function ReaderMessage({
  failure,
  bookId,
  children,
}: {
  failure: OpenFailure;
  bookId: string;
  children?: ReactNode;
}) {
  const message = MESSAGES[failure];
  return (
    <div role="alert" className="mx-auto max-w-xl rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-stone-200">
      <h2 className="font-serif text-2xl font-semibold text-stone-900">{message.title}</h2>
      <p className="mt-2 text-stone-600">{message.text}</p>
      {children}
      <div className="mt-6 flex justify-center gap-3">
        {failure === 'login' && (
          <Link
            to={paths.login}
            className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
          >
            Login
          </Link>
        )}
        <Link to={paths.book(bookId)} className="rounded-lg border border-stone-300 px-4 py-2 text-stone-700">
          Back to the book
        </Link>
      </div>
    </div>
  );
}
