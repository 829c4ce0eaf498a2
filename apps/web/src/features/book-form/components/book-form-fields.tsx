import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { BOOK_SAVED_REDIRECT_MS, BOOK_VALIDATION_MESSAGE, CATEGORY_SUGGESTIONS, type Book } from '@ebook/shared';
import { FormField } from '@/components/ui/form-field';
import { showError, showSuccess, showWarning } from '@/lib/alerts';
import { errorText } from '@/lib/errors';
import { readEpubMetadata } from '../api/epub-metadata';
import { useSaveBook } from '../api/save-book';
import {
  META_FIELDS,
  bookFormSchema,
  isMissingRequired,
  missingFields,
  missingFieldsMessage,
  prefillFromEpub,
  statusToSend,
  toFormData,
  toFormValues,
  type BookFormValues,
  type BookFormVariant,
} from '../lib/book-form-values';
import { bookHasEpub } from '@/lib/book-formats';
import { BookFiles } from './book-files';
import { TextAreaField } from './text-area-field';
import { UploadProgress } from './upload-progress';
import { Button } from '@/components/ui/button';

const PREFILL_LABELS = {
  title: 'Title',
  author: 'Author',
  description: 'Description',
  'meta.language': 'Language',
  'meta.publishYear': 'Publish Year',
  'meta.tags': 'Tags',
  'meta.sku': 'SKU',
  'meta.format': 'Format',
} as const;

/** A field's own problem; a missing required field is reported once, by the Validation Error dialog. */
const messageOf = (error: FieldError | undefined) =>
  error?.message && error.message !== BOOK_VALIDATION_MESSAGE ? error.message : undefined;

export function BookFormFields({
  variant,
  book,
  onSaved,
}: {
  variant: BookFormVariant;
  book: Book | undefined;
  onSaved: () => void;
}) {
  const save = useSaveBook();
  const [cover, setCover] = useState<File | null>(null);
  const [pdf, setPdf] = useState<File | null>(null);
  const [epub, setEpub] = useState<File | null>(null);
  const [epubNote, setEpubNote] = useState<{ kind: 'reading' | 'filled' | 'failed'; text: string } | null>(null);
  const [progress, setProgress] = useState(0);
  const [saved, setSaved] = useState(false);
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirect.current), []);

  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    formState: { errors },
  } = useForm<BookFormValues>({ resolver: zodResolver(bookFormSchema), defaultValues: toFormValues(book, variant) });

  const hasStoredEpub = Boolean(book && bookHasEpub(book));
  const files = {
    hasCover: Boolean(cover || book?.image),
    hasPdf: Boolean(pdf || book?.pdf),
    hasEpub: Boolean(epub) || hasStoredEpub,
  };

  // A chosen EPUB fills in the fields still empty from its package (title, authors, language...).
  const chooseEpub = (file: File) => {
    setEpub(file);
    setEpubNote({ kind: 'reading', text: 'Reading the EPUB…' });
    readEpubMetadata(file).then(
      (metadata) => {
        const filled = prefillFromEpub(getValues(), metadata);
        const names = Object.keys(filled).map((field) => PREFILL_LABELS[field as keyof typeof filled]);
        for (const [field, value] of Object.entries(filled)) {
          setValue(field as keyof typeof filled, value, { shouldDirty: true });
        }
        setEpubNote({
          kind: 'filled',
          text: names.length ? `Filled in from the EPUB: ${names.join(', ')}.` : 'The EPUB was read.',
        });
      },
      (error: unknown) => {
        setEpub(null);
        setEpubNote({ kind: 'failed', text: errorText(error) ?? 'This EPUB could not be read.' });
      },
    );
  };
  // Names the very fields left empty, in plain words.
  const warnMissing = () =>
    void showWarning('Validation Error', missingFieldsMessage(missingFields(getValues(), files)));

  const onValid = (values: BookFormValues) => {
    if (isMissingRequired(values, files)) return warnMissing();
    if (save.isPending || saved) return;
    const form = toFormData(values, {
      status: statusToSend(variant, book),
      existingMeta: book?.meta,
      cover,
      pdf,
      epub,
    });
    setProgress(0);
    save.mutate(
      { bookId: book?._id, form, onProgress: setProgress },
      {
        onSuccess: () => {
          setSaved(true);
          void (book
            ? showSuccess('Updated!', 'Book updated successfully.')
            : variant === 'admin'
              ? showSuccess('Saved!', 'Book added successfully.')
              : // A member's book waits for an admin before it is in the library.
                showSuccess(
                  'Sent for review',
                  'Your book was sent for review. It will appear in the library once approved.',
                ));
          redirect.current = setTimeout(onSaved, BOOK_SAVED_REDIRECT_MS);
        },
        onError: (error) => {
          void showError('Error', errorText(error) ?? 'Failed to save the book.');
        },
      },
    );
  };

  const onInvalid = () => {
    if (isMissingRequired(getValues(), files)) warnMissing();
  };

  const busy = save.isPending;
  const priceProps =
    variant === 'admin'
      ? { type: 'text', placeholder: 'e.g. 12.99 or Free', hint: 'A price such as 12.99, or Free.' }
      : {
          type: 'number',
          min: 0,
          step: '0.01',
          inputMode: 'decimal' as const,
          placeholder: '0.00',
          hint: 'Enter 0 for Free.',
        };

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(onValid, onInvalid)(event)}
      className="space-y-6 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8"
      aria-busy={busy}
    >
      <div className="grid gap-5 md:grid-cols-2">
        <FormField label="Title" autoComplete="off" error={messageOf(errors.title)} {...register('title')} />
        <FormField label="Price" error={messageOf(errors.price)} {...priceProps} {...register('price')} />
        <FormField
          label="Category"
          list="book-category-suggestions"
          autoComplete="off"
          error={messageOf(errors.category)}
          {...register('category')}
        >
          <datalist id="book-category-suggestions">
            {CATEGORY_SUGGESTIONS.map((category) => (
              <option key={category} value={category} />
            ))}
          </datalist>
        </FormField>
        <FormField label="Author" autoComplete="off" error={messageOf(errors.author)} {...register('author')} />
      </div>

      <BookFiles
        existingCover={book?.thumbnail ?? book?.image ?? null}
        existingPdf={book?.pdf ?? null}
        hasStoredEpub={hasStoredEpub}
        cover={cover}
        pdf={pdf}
        epub={epub}
        onCover={setCover}
        onPdf={setPdf}
        onEpub={chooseEpub}
        epubNote={
          epubNote && (
            <p
              role={epubNote.kind === 'failed' ? 'alert' : 'status'}
              data-testid="epub-note"
              className={`text-sm ${epubNote.kind === 'failed' ? 'text-red-600' : 'text-stone-600'}`}
            >
              {epubNote.text}
            </p>
          )
        }
      />

      <TextAreaField label="Short Story" rows={4} error={messageOf(errors.story)} {...register('story')} />
      <TextAreaField label="Description" rows={5} error={messageOf(errors.description)} {...register('description')} />

      <FormField
        label="Sample pages"
        type="number"
        inputMode="numeric"
        step={1}
        min={1}
        max={50}
        placeholder="Automatic: the first 10%, up to 20"
        autoComplete="off"
        error={messageOf(errors.samplePages)}
        {...register('samplePages')}
      />

      <fieldset className="rounded-xl border border-stone-200 p-4 sm:p-5">
        <legend className="px-2 font-serif text-lg font-semibold text-stone-800">Meta Information</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {META_FIELDS.map((field) => (
            <FormField
              key={field.name}
              label={field.label}
              autoComplete="off"
              {...('numeric' in field ? { type: 'number', inputMode: 'numeric' as const, step: 1 } : { type: 'text' })}
              error={errors.meta?.[field.name]?.message}
              {...register(`meta.${field.name}`)}
            />
          ))}
        </div>
      </fieldset>

      {busy && <UploadProgress fraction={progress} />}

      <div className="flex justify-end">
        <Button size="lg" className="min-w-40" type="submit" disabled={busy || saved}>
          {busy ? 'Saving...' : book ? 'Update Book' : 'Save Book'}
        </Button>
      </div>
    </form>
  );
}
