import { useEffect, useState, type ReactNode } from 'react';
import { checkCoverFile, checkEpubFile, checkPdfFile } from '../lib/book-form-values';
import { FilePicker } from './file-picker';

/**
 * Cover (with preview), PDF and EPUB pickers: a book has a PDF, an EPUB or both. Stored files of an
 * edited book count as present. `epubNote` says what was read from a chosen EPUB (or why not).
 */
export function BookFiles({
  existingCover,
  existingPdf,
  hasStoredEpub,
  cover,
  pdf,
  epub,
  onCover,
  onPdf,
  onEpub,
  epubNote,
}: {
  existingCover: string | null;
  existingPdf: string | null;
  hasStoredEpub: boolean;
  cover: File | null;
  pdf: File | null;
  epub: File | null;
  onCover: (file: File) => void;
  onPdf: (file: File) => void;
  onEpub: (file: File) => void;
  epubNote?: ReactNode;
}) {
  const [coverError, setCoverError] = useState<string | null>(null);
  const [pdfError, setPdfError] = useState<string | null>(null);
  const [epubError, setEpubError] = useState<string | null>(null);
  const preview = useObjectUrl(cover) ?? existingCover;

  return (
    <div className="grid gap-6 md:grid-cols-3">
      <FilePicker
        label="Upload Cover Image"
        accept="image/jpeg,image/png,image/webp"
        check={checkCoverFile}
        onFile={onCover}
        error={coverError}
        onError={setCoverError}
        hint="JPEG, PNG or WebP, up to 5 MB."
      >
        <div className="flex h-44 w-32 items-center justify-center overflow-hidden rounded-lg border border-dashed border-stone-300 bg-stone-50">
          {preview ? (
            <img src={preview} alt="Cover preview" width={128} height={176} className="h-full w-full object-cover" />
          ) : (
            <span className="text-xs text-stone-600">No Image</span>
          )}
        </div>
      </FilePicker>
      <FilePicker
        label="Upload Book"
        accept="application/pdf,.pdf"
        check={checkPdfFile}
        onFile={onPdf}
        error={pdfError}
        onError={setPdfError}
        hint="PDF, up to 100 MB."
      >
        {(pdf || existingPdf) && <Uploaded testId="pdf-status" text="PDF uploaded" file={pdf} />}
      </FilePicker>
      <FilePicker
        label="Upload EPUB"
        accept="application/epub+zip,.epub"
        check={checkEpubFile}
        onFile={onEpub}
        error={epubError}
        onError={setEpubError}
        hint="EPUB, up to 100 MB. A book needs a PDF, an EPUB or both; an EPUB fills in empty fields."
      >
        {(epub || hasStoredEpub) && <Uploaded testId="epub-status" text="EPUB uploaded" file={epub} />}
        {epubNote}
      </FilePicker>
    </div>
  );
}

function Uploaded({ testId, text, file }: { testId: string; text: string; file: File | null }) {
  return (
    <p className="flex items-center gap-2 text-sm font-medium text-green-700" data-testid={testId}>
      <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden>
        <path d="M5 13l4 4L19 7" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {text}
      {file && <span className="truncate font-normal text-stone-500">({file.name})</span>}
    </p>
  );
}

/** An object URL for a chosen file, revoked when the file changes or the form closes. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}
