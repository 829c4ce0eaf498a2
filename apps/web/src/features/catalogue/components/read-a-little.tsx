import { useState } from 'react';
import { Modal } from '@/components/ui/modal';

/** 'Read A Little' for paid books: the story in a modal. */
export function ReadALittle({ title, story }: { title: string; story: string }) {
  const [open, setOpen] = useState(false);
  const text = story.trim();
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="rounded-lg border border-brand-600 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
      >
        Read A Little
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={title}
        footer={
          <div className="flex justify-end">
            <button
              type="button"
              onClick={() => setOpen(false)}
              className="rounded-lg bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700"
            >
              Close
            </button>
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
