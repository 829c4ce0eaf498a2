/**
 * The store's first paint, before the app's scripts have arrived and run. index.html carries the
 * first screen of the home page and of the library as static markup (the same markup their
 * components render: first-paint.test.tsx keeps the two equal), hidden; this function, built into a
 * small render-blocking script in <head> (vite.config.ts), shows the one the address names.
 *
 * It also loads the app: its scripts (`app.scripts`, the entry first), and that page's own scripts
 * beside them rather than after the app has started (`routeScripts`: a page's address, `/book/` for
 * every book, to the files its route imports beyond the app's). Behind a static screen they are asked
 * for once that screen has been painted: the first paint waits for the style sheet only, not for
 * 120 KB of script sharing the line with it, nor for the app to run. The app replaces the static
 * screen with the page itself once that page is ready (main.tsx).
 *
 * The build takes this function's text alone, so it must use nothing from outside it.
 */
export function firstPaint(routeScripts: Record<string, string[]>, app?: { scripts: string[] }): void {
  const path = window.location.hash.replace(/^#/, '').split('?')[0] || '/';
  const page = path === '/' ? 'home' : path === '/library' ? 'library' : undefined;
  if (page) document.documentElement.setAttribute('data-first-paint', page);
  const pageScripts = routeScripts[path.startsWith('/book/') ? '/book/' : path] ?? [];
  // A book's page draws nothing before its book has come: asked for now, while the scripts download,
  // for the app's own request to take up. Only an id of the form the API accepts (lib/book-id.ts).
  const bookId = /^\/book\/([^/]+)$/.exec(path)?.[1];
  if (
    bookId &&
    /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/.test(
      bookId,
    )
  ) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.setAttribute('as', 'fetch');
    link.crossOrigin = '';
    link.href = `/api/books/${bookId}`;
    document.head.appendChild(link);
  }
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of [...(app?.scripts ?? []), ...pageScripts]) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    }
    const entry = app?.scripts[0];
    if (!entry) return;
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  };
  // Without a static screen there is nothing to paint first; a tab opened in the background paints
  // nothing until it is shown; a browser that does not report its first paint is not waited for.
  const paintReported =
    typeof PerformanceObserver !== 'undefined' && (PerformanceObserver.supportedEntryTypes ?? []).includes('paint');
  if (!page || document.visibilityState === 'hidden' || !paintReported) return start();
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    setTimeout(start, 0);
  }).observe({ type: 'paint', buffered: true });
  // A first paint held up (a style sheet slow to come) does not hold up the app longer than this.
  setTimeout(start, 3000);
}
