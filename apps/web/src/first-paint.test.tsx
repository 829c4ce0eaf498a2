import { renderToStaticMarkup } from 'react-dom/server';
import { HashRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import indexHtml from '../index.html?raw';
import { Hero } from '@/features/catalogue/components/home/hero';
import { LibraryHeader } from '@/features/catalogue/components/library-header';
import { firstPaint } from './first-paint';

/** Markup without the line breaks and indentation index.html is formatted with. */
const normalize = (html: string | undefined) =>
  html?.replace(/\s+/g, ' ').replace(/> /g, '>').replace(/ </g, '<').trim();

const staticScreen = (page: string) => {
  const doc = new DOMParser().parseFromString(indexHtml, 'text/html');
  return doc.querySelector(`#root [data-first-paint-of="${page}"]`);
};

describe("index.html's first paint", () => {
  it('is the markup the home page and the library render', () => {
    expect(normalize(staticScreen('home')?.innerHTML)).toBe(
      normalize(
        renderToStaticMarkup(
          <HashRouter>
            <Hero />
          </HashRouter>,
        ),
      ),
    );
    expect(normalize(staticScreen('library')?.querySelector('section > header')?.outerHTML)).toBe(
      normalize(renderToStaticMarkup(<LibraryHeader />)),
    );
  });
});

describe('firstPaint', () => {
  const routeScripts = { '/': ['/assets/home.js'], '/library': ['/assets/library.js'], '/book/': ['/assets/book.js'] };
  const preloads = () =>
    [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));

  afterEach(() => {
    document.documentElement.removeAttribute('data-first-paint');
    document.head.querySelectorAll('link, script').forEach((element) => element.remove());
    window.location.hash = '';
  });

  it.each([
    ['', 'home', '/assets/home.js'],
    ['#/', 'home', '/assets/home.js'],
    ['#/?ref=mail', 'home', '/assets/home.js'],
    ['#/library?page=2&type=free', 'library', '/assets/library.js'],
    ['#/book/01a217fe-869d-7fa2-b887-05ce9c057923', null, '/assets/book.js'],
  ])('at "%s" shows %s and preloads its scripts', (hash, page, script) => {
    window.location.hash = hash;
    firstPaint(routeScripts);
    expect(document.documentElement.getAttribute('data-first-paint')).toBe(page);
    expect(preloads()).toEqual([script]);
  });

  it('shows nothing and preloads nothing for another page', () => {
    window.location.hash = '#/login';
    firstPaint(routeScripts);
    expect(document.documentElement.hasAttribute('data-first-paint')).toBe(false);
    expect(preloads()).toEqual([]);
  });

  it('asks for the book of a book page at once, for a well-formed id only', () => {
    const fetched = () =>
      [...document.head.querySelectorAll('link[rel="preload"][as="fetch"]')].map((link) => link.getAttribute('href'));
    window.location.hash = '#/book/01a217fe-869d-7fa2-b887-05ce9c057923';
    firstPaint(routeScripts);
    expect(fetched()).toEqual(['/api/books/01a217fe-869d-7fa2-b887-05ce9c057923']);
    document.head.querySelectorAll('link').forEach((link) => link.remove());
    for (const hash of ['#/book/undefined', '#/book/abc', '#/book/01a217fe-869d-7fa2-b887-05ce9c057923/x']) {
      window.location.hash = hash;
      firstPaint(routeScripts);
      expect(fetched()).toEqual([]);
    }
  });

  it("loads the app's scripts and starts its entry (at once where the first paint is not reported)", () => {
    window.location.hash = '#/library';
    firstPaint(routeScripts, { scripts: ['/assets/index.js', '/assets/runtime.js'] });
    expect(preloads()).toEqual(['/assets/index.js', '/assets/runtime.js', '/assets/library.js']);
    const started = [...document.head.querySelectorAll('script[type="module"]')].map((script) =>
      script.getAttribute('src'),
    );
    expect(started).toEqual(['/assets/index.js']);
  });
});
