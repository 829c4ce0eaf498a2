import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Modal } from '@/components/ui/modal';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';

const buttonClass =
  'rounded-lg border border-brand-600 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50';

/**
 * 'Read A Little' for paid books: the first pages of the real book in the reader (a sample the server
 * cuts); the story in a modal for a book without a sample.
 */
export function ReadALittle({
  bookId,
  title,
  story,
  sample,
}: {
  bookId: string;
  title: string;
  story: string;
  sample: string | null;
}) {
  const [open, setOpen] = useState(false);
  const text = story.trim();
  if (sample) {
    return (
      <Link to={paths.readSample(bookId)} className={buttonClass}>
        Read A Little
      </Link>
    );
  }
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={buttonClass}>
        Read A Little
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={title}
        footer={
          <div className="flex justify-end">
            <Button onClick={() => setOpen(false)}>Close</Button>
          </div>
        }
      >
        <p className="whitespace-pre-line font-serif text-lg leading-relaxed text-stone-700">
          {text || 'No story available for this book.'}
        </p>
      </Modal>
    </>
  );
}
