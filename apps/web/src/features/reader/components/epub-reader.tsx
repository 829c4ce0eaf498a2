import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useEpubBook } from '../hooks/use-epub-book';
import { useEpubPlace } from '../hooks/use-epub-place';
import { handleReaderKey, useReaderKeys, type ReaderKeys } from '../hooks/use-reader-keys';
import {
  countLocations,
  FONT_SIZES,
  LINE_SPACINGS,
  THEME_COLOURS,
  THEMES,
  themeStyles,
  type Book,
  type ReaderTheme,
  type Rendition,
  type TocEntry,
} from '../lib/epub';
import { READER_CHROME, type ChromeClasses } from '../lib/reader-chrome';
import { readReaderSettings, writeReaderSettings, type ReaderSettings } from '../lib/reader-settings';
import { ReaderHeader } from './reader-header';
import { ReaderMessage } from './reader-message';
import { ContentsDrawer } from './toc-panel';

export interface EpubReaderProps {
  bookId: string;
  title: string;
  /** The book's EPUB, or its sample's. */
  url: string;
  sample?: boolean;
  /** Signed in: the place is kept on the server; a visitor's in this browser. */
  member: boolean;
  /** A link to the book's other format, when it has one. */
  formatSwitch?: ReactNode;
}

/** The in-browser EPUB reader: reflowed text in pages, with the reader's font size, spacing and colours. */
export function EpubReader(props: EpubReaderProps) {
  const state = useEpubBook(props.url);
  return (
    <div className="flex h-dvh flex-col bg-stone-100">
      <title>{`${props.sample ? 'Sample: ' : ''}${props.title} · Bookshelf`}</title>
      {state.status === 'ready' ? (
        <EpubView {...props} book={state.book} toc={state.toc} />
      ) : (
        <>
          <ReaderHeader {...props} theme={readReaderSettings().theme}>
            {props.formatSwitch}
          </ReaderHeader>
          <main className="flex-1 overflow-auto p-4">
            {state.status === 'loading' || state.status === 'preparing' ? (
              <div role="status" className="flex flex-col items-center gap-3 pt-24 text-stone-600">
                <span className="h-8 w-8 animate-spin rounded-full border-2 border-stone-300 border-t-brand-600" />
                {state.status === 'loading'
                  ? 'Opening the book…'
                  : props.sample
                    ? 'Preparing the sample...'
                    : 'Preparing your copy...'}
              </div>
            ) : (
              <ReaderMessage failure={state.failure} bookId={props.bookId} />
            )}
          </main>
        </>
      )}
    </div>
  );
}

interface Place {
  cfi: string;
  href: string;
  percentage: number | null;
  atStart: boolean;
  atEnd: boolean;
}

const SWIPE_PX = 40;

function EpubView(props: EpubReaderProps & { book: Book; toc: TocEntry[] }) {
  const { book, toc, bookId, sample, member } = props;
  const saved = useEpubPlace(bookId, { member, keep: !sample });
  const [settings, setSettings] = useState<ReaderSettings>(readReaderSettings);
  const [rendition, setRendition] = useState<Rendition | null>(null);
  const [place, setPlace] = useState<Place | null>(null);
  const [counted, setCounted] = useState(false);
  const countedRef = useRef(false);
  countedRef.current = counted;
  const [failed, setFailed] = useState(false);
  const [tocOpen, setTocOpen] = useState(false);
  const [textOpen, setTextOpen] = useState(false);
  const frame = useRef<HTMLDivElement>(null);
  const remember = useRef(saved.remember);
  remember.current = saved.remember;
  /** The place epub.js last reported: set at once, where `place` waits for React's next render. */
  const shownCfi = useRef<string | null>(null);
  const settingsRef = useRef(settings);
  settingsRef.current = settings;

  // Draw the book once the place to open at is known.
  const start = saved.start;
  useEffect(() => {
    const element = frame.current;
    if (start === undefined || !element) return;
    const view = book.renderTo(element, {
      width: '100%',
      height: '100%',
      flow: 'paginated',
      spread: 'none',
      allowScriptedContent: false,
    });
    for (const theme of THEMES) view.themes.register(theme, themeStyles(theme));
    applySettings(view, settingsRef.current);
    view.on(
      'relocated',
      (location: { start: { cfi: string; href: string; percentage?: number }; atStart?: boolean; atEnd?: boolean }) => {
        // Locations are filled in as the book is counted: only a finished count gives percentages.
        const percentage = countedRef.current ? book.locations.percentageFromCfi(location.start.cfi) : null;
        shownCfi.current = location.start.cfi;
        setPlace({
          cfi: location.start.cfi,
          href: location.start.href,
          percentage,
          atStart: Boolean(location.atStart),
          atEnd: Boolean(location.atEnd),
        });
        remember.current({
          locator: location.start.cfi,
          percentage: percentage ?? spineShare(book, location.start.href),
        });
      },
    );
    let cancelled = false;
    view
      .display(start ?? undefined)
      .catch(() => view.display())
      .then(
        () => !cancelled && setRendition(view),
        () => !cancelled && setFailed(true),
      );
    return () => {
      cancelled = true;
      view.destroy();
      setRendition(null);
    };
  }, [book, start]);

  // Count the book (in the background, once the first page shows) so that places read as percentages.
  const shown = rendition !== null;
  useEffect(() => {
    if (!shown) return;
    let cancelled = false;
    countLocations(book).then(
      () => !cancelled && setCounted(true),
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [book, shown]);
  useEffect(() => {
    // Only for the place still shown: a page turned since this render (epub.js reports it outside React)
    // is newer, and writing this one over it would show and save a place the reader has left.
    if (!counted || !place || place.percentage !== null || place.cfi !== shownCfi.current) return;
    const percentage = book.locations.percentageFromCfi(place.cfi);
    setPlace((current) => (current?.cfi === place.cfi ? { ...current, percentage } : current));
    remember.current({ locator: place.cfi, percentage });
  }, [counted, place, book]);

  useEffect(() => {
    if (rendition) applySettings(rendition, settings);
    writeReaderSettings(settings);
  }, [rendition, settings]);

  const keys = useMemo<ReaderKeys>(
    () => ({
      next: () => void rendition?.next(),
      previous: () => void rendition?.prev(),
      first: () => void rendition?.display(book.spine.first().href),
      last: () => void (rendition && showEnd(rendition, book)),
    }),
    [rendition, book],
  );
  useReaderKeys(keys, rendition !== null);

  // Keys pressed and swipes made inside the book's frame (its events are passed on by epub.js).
  const keysRef = useRef(keys);
  keysRef.current = keys;
  useEffect(() => {
    if (!rendition) return;
    let touchX: number | null = null;
    let touchY = 0;
    const onKey = (event: KeyboardEvent) => handleReaderKey(keysRef.current, event);
    const onTouchStart = (event: TouchEvent) => {
      touchX = event.changedTouches[0]?.clientX ?? null;
      touchY = event.changedTouches[0]?.clientY ?? 0;
    };
    const onTouchEnd = (event: TouchEvent) => {
      const touch = event.changedTouches[0];
      if (touchX === null || !touch) return;
      const dx = touch.clientX - touchX;
      const dy = touch.clientY - touchY;
      touchX = null;
      if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(dy)) return;
      if (dx < 0) keysRef.current.next();
      else keysRef.current.previous();
    };
    rendition.on('keydown', onKey);
    rendition.on('touchstart', onTouchStart);
    rendition.on('touchend', onTouchEnd);
    const element = frame.current;
    element?.addEventListener('touchstart', onTouchStart, { passive: true });
    element?.addEventListener('touchend', onTouchEnd);
    return () => {
      rendition.off('keydown', onKey);
      rendition.off('touchstart', onTouchStart);
      rendition.off('touchend', onTouchEnd);
      element?.removeEventListener('touchstart', onTouchStart);
      element?.removeEventListener('touchend', onTouchEnd);
    };
  }, [rendition]);

  // The frame follows its box (the contents or text settings opening, a phone turned).
  useEffect(() => {
    const element = frame.current;
    if (!rendition || !element) return;
    let last = `${element.clientWidth}x${element.clientHeight}`;
    const observer = new ResizeObserver(() => {
      const size = `${element.clientWidth}x${element.clientHeight}`;
      if (size === last) return;
      last = size;
      rendition.resize(element.clientWidth, element.clientHeight);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [rendition]);

  const goTo = useCallback(
    (href: string) => {
      void rendition?.display(href);
      if (window.matchMedia('(max-width: 767px)').matches) setTocOpen(false);
    },
    [rendition],
  );

  const colours = THEME_COLOURS[settings.theme];
  const chrome = READER_CHROME[settings.theme];
  const buttonClass = chrome.button;
  const share = place?.percentage ?? null;
  const percent = share === null ? null : Math.round(share * 100);

  return (
    <>
      <ReaderHeader {...props} theme={settings.theme}>
        <div className="flex flex-wrap items-center justify-center gap-2" role="toolbar" aria-label="Reader controls">
          {props.formatSwitch}
          {toc.length > 0 && (
            <button
              type="button"
              className={buttonClass}
              onClick={() => setTocOpen((open) => !open)}
              aria-expanded={tocOpen}
            >
              Contents
            </button>
          )}
          <button
            type="button"
            className={buttonClass}
            onClick={keys.previous}
            disabled={!rendition || place?.atStart}
            aria-label="Previous page"
          >
            ‹
          </button>
          <span
            className={`min-w-16 text-center text-sm ${chrome.text}`}
            data-testid="epub-percentage"
            aria-live="polite"
          >
            {percent === null ? '…' : `${percent}%`}
          </span>
          <button
            type="button"
            className={buttonClass}
            onClick={keys.next}
            disabled={!rendition || place?.atEnd}
            aria-label="Next page"
          >
            ›
          </button>
          <button
            type="button"
            className={buttonClass}
            onClick={() => setTextOpen((open) => !open)}
            aria-expanded={textOpen}
            aria-controls="reader-text-settings"
          >
            Text settings
          </button>
        </div>
      </ReaderHeader>
      {textOpen && <TextSettings settings={settings} onChange={setSettings} chrome={chrome} />}
      <div className="relative flex min-h-0 flex-1">
        {tocOpen && <EpubToc entries={toc} current={place?.href} onGo={goTo} onClose={() => setTocOpen(false)} />}
        <main className="relative flex min-w-0 flex-1 flex-col" style={{ background: colours.background }}>
          <div className="mx-auto min-h-0 w-full max-w-3xl flex-1 px-4 py-6 sm:px-10">
            <div
              ref={frame}
              data-testid="epub-view"
              data-theme={settings.theme}
              data-font-size={settings.fontSize}
              data-locator={place?.cfi ?? ''}
              data-ready={rendition ? 'true' : 'false'}
              aria-label={`${props.title}, the book's text`}
              role="region"
              className="h-full w-full"
            />
          </div>
          {!rendition && !failed && (
            <div role="status" className="absolute inset-0 flex flex-col items-center gap-3 pt-24 text-stone-600">
              <span className="h-8 w-8 animate-spin rounded-full border-2 border-stone-300 border-t-brand-600" />
              Opening the book…
            </div>
          )}
          {failed && (
            <div className="absolute inset-0 overflow-auto bg-stone-100 p-4 pt-12">
              <ReaderMessage failure="broken" bookId={bookId} />
            </div>
          )}
          {sample && place?.atEnd && (
            <p className="mx-auto mb-3 max-w-xl rounded-lg bg-white/90 px-3 py-2 text-center text-sm text-stone-700 shadow">
              This sample has the first chapters of the book.{' '}
              <Link to={paths.book(bookId)} className="font-medium text-brand-700 underline">
                Buy the book
              </Link>{' '}
              to read on.
            </p>
          )}
        </main>
      </div>
    </>
  );
}

const THEME_NAMES: Record<ReaderTheme, string> = { light: 'Light', sepia: 'Sepia', dark: 'Dark' };

function TextSettings({
  settings,
  onChange,
  chrome,
}: {
  settings: ReaderSettings;
  onChange: (next: ReaderSettings) => void;
  chrome: ChromeClasses;
}) {
  const buttonClass = chrome.button;
  const sizeIndex = FONT_SIZES.indexOf(settings.fontSize as (typeof FONT_SIZES)[number]);
  const resize = (step: number) => {
    const index = Math.min(FONT_SIZES.length - 1, Math.max(0, (sizeIndex < 0 ? 2 : sizeIndex) + step));
    onChange({ ...settings, fontSize: FONT_SIZES[index] ?? 100 });
  };
  return (
    <div
      id="reader-text-settings"
      role="group"
      aria-label="Text settings"
      className={`flex flex-wrap items-center justify-center gap-x-4 gap-y-2 border-b px-3 py-2 ${chrome.bar}`}
    >
      <div className="flex items-center gap-1" role="group" aria-label="Font size">
        <button
          type="button"
          className={buttonClass}
          onClick={() => resize(-1)}
          disabled={sizeIndex === 0}
          aria-label="Smaller text"
        >
          A−
        </button>
        <span className={`w-12 text-center text-sm ${chrome.text}`} data-testid="epub-font-size">
          {settings.fontSize}%
        </span>
        <button
          type="button"
          className={buttonClass}
          onClick={() => resize(1)}
          disabled={sizeIndex === FONT_SIZES.length - 1}
          aria-label="Larger text"
        >
          A+
        </button>
      </div>
      <label className={`flex items-center gap-1 text-sm ${chrome.text}`}>
        <span>Line spacing</span>
        <select
          className={`h-9 rounded-lg border px-1 text-sm ${chrome.field}`}
          value={settings.lineSpacing}
          onChange={(event) => onChange({ ...settings, lineSpacing: Number(event.target.value) })}
        >
          {LINE_SPACINGS.map((spacing) => (
            <option key={spacing} value={spacing}>
              {spacing.toFixed(1)}
            </option>
          ))}
        </select>
      </label>
      <div className="flex items-center gap-1" role="group" aria-label="Theme">
        {THEMES.map((theme) => (
          <button
            key={theme}
            type="button"
            className={buttonClass}
            aria-pressed={settings.theme === theme}
            onClick={() => onChange({ ...settings, theme })}
          >
            {THEME_NAMES[theme]}
          </button>
        ))}
      </div>
    </div>
  );
}

function EpubToc({
  entries,
  current,
  onGo,
  onClose,
}: {
  entries: TocEntry[];
  current: string | undefined;
  onGo: (href: string) => void;
  onClose: () => void;
}) {
  return (
    <ContentsDrawer onClose={onClose}>
      <TocEntries entries={entries} current={current} onGo={onGo} />
    </ContentsDrawer>
  );
}

function TocEntries({
  entries,
  current,
  onGo,
}: {
  entries: TocEntry[];
  current: string | undefined;
  onGo: (href: string) => void;
}) {
  return (
    <ul className="space-y-1 text-sm">
      {entries.map((entry, index) => (
        <li key={`${entry.href}-${index}`}>
          <button
            type="button"
            onClick={() => onGo(entry.href)}
            aria-current={current !== undefined && entry.href.split('#')[0] === current ? 'location' : undefined}
            className="w-full rounded px-2 py-1 text-left text-stone-800 hover:bg-brand-50 aria-[current=location]:font-semibold aria-[current=location]:text-brand-700"
          >
            {entry.title}
          </button>
          {entry.items.length > 0 && (
            <div className="ml-3">
              <TocEntries entries={entry.items} current={current} onGo={onGo} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

function applySettings(rendition: Rendition, settings: ReaderSettings): void {
  rendition.themes.select(settings.theme);
  rendition.themes.fontSize(`${settings.fontSize}%`);
  rendition.themes.override('line-height', String(settings.lineSpacing), true);
}

/** The book's last page: its last chapter, then page by page to that chapter's end. */
async function showEnd(rendition: Rendition, book: Book): Promise<void> {
  await rendition.display(book.spine.last().href);
  for (let turn = 0; turn < 500 && !rendition.location?.atEnd; turn += 1) {
    const before = rendition.location?.start.cfi;
    await rendition.next();
    if (rendition.location?.start.cfi === before) break;
  }
}

/** Before the book is counted: the share of the spine before this chapter. */
function spineShare(book: Book, href: string): number {
  const section = book.spine.get(href);
  const total = (book.spine as unknown as { length: number }).length || 1;
  return section ? Math.min(1, Math.max(0, section.index / total)) : 0;
}
