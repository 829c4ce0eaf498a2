import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy… and waitFor wait for a condition; on a busy machine it may take longer than the default second.
configure({ asyncUtilTimeout: 15_000 });

// jsdom has no matchMedia; SweetAlert2's dialogs ask it about reduced motion. No media query matches.
Object.assign(window, {
  matchMedia: (query: string) =>
    ({
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }) as unknown as MediaQueryList,
});

afterEach(() => {
  cleanup();
  // The network stubs of test/server.ts end with their test.
  vi.unstubAllGlobals();
});
