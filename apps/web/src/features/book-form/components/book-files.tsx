import { useEffect, useState } from 'react';
import { checkCoverFile, checkPdfFile } from '../lib/book-form-values';
import { FilePicker } from './file-picker';

/** Cover (with preview) and PDF pickers. Stored files of an edited book count as present. */
export function BookFiles({
  existingCover,
  existingPdf,
  cover,
  pdf,
  onCover,
  onPdf,
}: {
  existingCover: string | null;
  existingPdf: string | null;
  cover: File | null;
  pdf: File | null;
  onCover: (file: File) => void;
  onPdf: (file: File) => void;
}) {
  const [coverError, setCoverError] = useState<string | null>(null);
  const [pdfError, setPdfError] = useState<string | null>(null);
  const preview = useObjectUrl(cover) ?? existingCover;

  return (
    <div className="grid gap-6 md:grid-cols-2">
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
        {(pdf || existingPdf) && (
          <p className="flex items-center gap-2 text-sm font-medium text-green-700" data-testid="pdf-status">
            <svg
              viewBox="0 0 24 24"
              className="h-4 w-4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              aria-hidden
            >
              <path d="M5 13l4 4L19 7" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            PDF uploaded
            {pdf && <span className="truncate font-normal text-stone-500">({pdf.name})</span>}
          </p>
        )}
      </FilePicker>
    </div>
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
