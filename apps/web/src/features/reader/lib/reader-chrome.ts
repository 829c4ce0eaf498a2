/**
 * The reader's bars (top bar, text settings) in the colours of the page's theme, so a dark page is
 * not crowned by a white bar. Each set keeps WCAG AA contrast for its text and buttons.
 */
import type { ReaderTheme } from './epub';

export interface ChromeClasses {
  bar: string;
  title: string;
  back: string;
  text: string;
  button: string;
  field: string;
}

const BUTTON_SHAPE =
  'inline-flex h-9 min-w-9 items-center justify-center rounded-lg border px-2 text-sm font-medium disabled:opacity-40';

export const READER_CHROME: Record<ReaderTheme, ChromeClasses> = {
  light: {
    bar: 'border-stone-200 bg-white/95',
    title: 'text-stone-900',
    back: 'text-brand-700 hover:bg-brand-50',
    text: 'text-stone-700',
    button: `${BUTTON_SHAPE} border-stone-300 bg-white text-stone-800 hover:border-brand-500 hover:text-brand-700 disabled:hover:border-stone-300 disabled:hover:text-stone-800 aria-pressed:border-brand-600 aria-pressed:bg-brand-50 aria-pressed:text-brand-800 aria-expanded:border-brand-600 aria-expanded:bg-brand-50`,
    field: 'border-stone-300 bg-white text-stone-900',
  },
  sepia: {
    bar: 'border-[#d9c7a0] bg-[#efe5cc]/95',
    title: 'text-[#3b2d1c]',
    back: 'text-[#6b3f05] hover:bg-[#e4d6b4]',
    text: 'text-[#433422]',
    button: `${BUTTON_SHAPE} border-[#c8b48a] bg-[#f8f1e0] text-[#3b2d1c] hover:border-[#7c4a03] disabled:hover:border-[#c8b48a] aria-pressed:border-[#7c4a03] aria-pressed:bg-[#e4d6b4] aria-expanded:border-[#7c4a03] aria-expanded:bg-[#e4d6b4]`,
    field: 'border-[#c8b48a] bg-[#f8f1e0] text-[#3b2d1c]',
  },
  dark: {
    bar: 'border-stone-700 bg-stone-900/95',
    title: 'text-stone-100',
    back: 'text-amber-300 hover:bg-stone-800',
    text: 'text-stone-300',
    button: `${BUTTON_SHAPE} border-stone-600 bg-stone-800 text-stone-100 hover:border-amber-400 disabled:hover:border-stone-600 aria-pressed:border-amber-400 aria-pressed:bg-stone-700 aria-expanded:border-amber-400 aria-expanded:bg-stone-700`,
    field: 'border-stone-600 bg-stone-800 text-stone-100',
  },
};
