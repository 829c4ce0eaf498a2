import { FONT_SIZES, LINE_SPACINGS, THEMES, type ReaderTheme } from './epub';

/** How the reader likes EPUB text: kept in this browser for every book. */
export interface ReaderSettings {
  theme: ReaderTheme;
  /** Percent of the book's own size. */
  fontSize: number;
  lineSpacing: number;
}

const KEY = 'reader-settings';
const DEFAULTS: ReaderSettings = { theme: 'light', fontSize: 100, lineSpacing: 1.5 };

export function readReaderSettings(): ReaderSettings {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<Record<keyof ReaderSettings, unknown>>;
    return {
      theme: THEMES.includes(raw.theme as ReaderTheme) ? (raw.theme as ReaderTheme) : DEFAULTS.theme,
      fontSize: (FONT_SIZES as readonly unknown[]).includes(raw.fontSize)
        ? (raw.fontSize as number)
        : DEFAULTS.fontSize,
      lineSpacing: (LINE_SPACINGS as readonly unknown[]).includes(raw.lineSpacing)
        ? (raw.lineSpacing as number)
        : DEFAULTS.lineSpacing,
    };
  } catch {
    return DEFAULTS;
  }
}

export function writeReaderSettings(settings: ReaderSettings): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(settings));
  } catch {
    // Storage full or disabled: the settings last for this visit.
  }
}
