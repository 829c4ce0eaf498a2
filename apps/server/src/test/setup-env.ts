/** Runs in every test file's process before its tests: the environment global-setup.ts prepared. */
import { inject } from 'vitest';

// Read by modules/files/document-jobs.ts, and by the servers a test starts as child processes.
process.env.DOCUMENT_WORKER_BUNDLE ??= inject('documentWorkerBundle');
