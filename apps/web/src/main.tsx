import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './index.css';
import { reloadOnStalePreloads } from './lib/stale-chunk';

reloadOnStalePreloads();
// zod probes whether it may compile validators with `new Function`; our CSP forbids eval, and the
// browser reports the probe as a violation (Lighthouse's best practices count it). zod's `jitless`
// setting skips the probe; it is set on the object z.config() writes (zod keeps it on globalThis),
// so the first page does not load zod's core for one flag.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig = Object.assign(zodGlobal.__zod_globalConfig ?? {}, { jitless: true });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
