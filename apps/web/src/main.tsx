import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import type { DataRouter } from 'react-router-dom';
import { App } from './app/app';
import { createRouter } from './app/router';
import './index.css';
import { reloadOnStalePreloads } from './lib/stale-chunk';

reloadOnStalePreloads();
// zod probes whether it may compile validators with `new Function`; our CSP forbids eval, and the
// browser reports the probe as a violation (Lighthouse's best practices count it). zod's `jitless`
// setting skips the probe; it is set on the object z.config() writes (zod keeps it on globalThis),
// so the first page does not load zod's core for one flag.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig = Object.assign(zodGlobal.__zod_globalConfig ?? {}, { jitless: true });

/** Resolves once the first page's script has loaded (or failed): until then the router draws nothing. */
function whenReady(router: DataRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

// index.html's first paint (a static first screen, src/first-paint.ts) stays until the page can
// replace it: the first render waits for the page's script rather than blanking the screen meanwhile.
// That render is a transition: React draws the page in slices, leaving the browser free to answer a
// tap between them, instead of in one long task.
const router = createRouter();
void whenReady(router).then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  });
});
