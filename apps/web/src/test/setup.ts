import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
  // The network stubs of test/server.ts end with their test.
  vi.unstubAllGlobals();
});
