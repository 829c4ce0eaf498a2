/**
 * The OPDS 1.2 catalogue for e-reader apps (KOReader, Thorium, Moon+ Reader, Calibre), mounted at
 * /opds: a navigation root, new books, categories, free books, search (OpenSearch), the reader's own
 * library, and PDF and EPUB downloads that apply exactly the web download's rules (downloads/send-book-file.ts;
 * books.policy decides).
 * Links are root-relative, so the catalogue works at whatever address the app reached the store by;
 * every absolute URL (feed ids, the OpenSearch template) comes from PUBLIC_URL, never from `Host`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema } from '@ebook/shared';
import { z } from 'zod';
import { tooManyRequests, notFound, unauthorized } from '../../lib/errors.js';
import { type BookRecord, pageOwnedBooks } from '../books/index.js';
import { sendBookFile } from '../downloads/index.js';
import { getRunningPromotion } from '../promotion/index.js';
import { addBookEntry } from './opds-book-entry.js';
import { basicChallenge, opdsAuthenticator } from './opds-auth.js';
import { opensearchDescription } from './opds-opensearch.js';
import {
  addNavigationEntry,
  endDocument,
  feedType,
  OPENSEARCH_TYPE,
  startFeed,
  type FeedKind,
  type FeedLink,
} from './opds-xml.js';
import { acquisitionsFor, cataloguePage, coverTypesOf, OPDS_PAGE_SIZE } from './opds.service.js';

const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });
const categoryQuery = pageQuery.extend({ name: z.string().trim().min(1).max(100) });
const searchQuery = pageQuery.extend({ q: z.string().trim().min(1, 'Type something to search for').max(200) });

const REL_NEW = 'http://opds-spec.org/sort/new';
const REL_SHELF = 'http://opds-spec.org/shelf';
const NAVIGATION = feedType('navigation');
const ACQUISITION = feedType('acquisition');

const opdsRoutes: FastifyPluginAsyncZod = async (app) => {
  const opdsCaller = opdsAuthenticator(app);
  const challenge = basicChallenge(app.config.STORE_NAME);
  const storeName = app.config.STORE_NAME;
  const idBase = `${app.config.PUBLIC_URL}/opds`;
  const author = { name: storeName, uri: app.config.PUBLIC_URL };
  const webPage = (bookId: string) => `/#/book/${bookId}`;

  // Every refusal for want of credentials asks for them, so an e-reader app shows its login prompt.
  app.addHook('onSend', async (_request, reply) => {
    if (reply.statusCode === 401) reply.header('WWW-Authenticate', challenge);
  });

  const commonLinks = (self: string, kind: FeedKind, up?: string): FeedLink[] => [
    { rel: 'self', href: self, type: feedType(kind) },
    { rel: 'start', href: '/opds', type: NAVIGATION },
    ...(up ? [{ rel: 'up', href: up, type: NAVIGATION }] : []),
    { rel: 'search', href: '/opds/search.xml', type: OPENSEARCH_TYPE, title: `Search ${storeName}` },
  ];

  function sendFeed(reply: FastifyReply, kind: FeedKind, xml: string) {
    return reply
      .header('Content-Type', feedType(kind))
      .header('Cache-Control', 'private, no-cache')
      .header('Vary', 'Authorization')
      .send(xml);
  }

  /** `/opds/new?page=2`: the path with its query (page 1 without `page`). */
  function pageHref(path: string, params: Record<string, string>, page: number): string {
    const query = new URLSearchParams(params);
    if (page > 1) query.set('page', String(page));
    const text = query.toString();
    return text ? `${path}?${text}` : path;
  }

  interface AcquisitionFeed {
    path: string;
    params?: Record<string, string>;
    id: string;
    title: string;
    page: number;
    books: BookRecord[];
    total: number;
    up?: string;
    /** My Library: every book listed is the reader's. */
    allOwned?: boolean;
  }

  async function acquisitionFeed(request: FastifyRequest, reply: FastifyReply, feed: AcquisitionFeed) {
    const caller = await opdsCaller(request);
    const params = feed.params ?? {};
    const lastPage = Math.max(1, Math.ceil(feed.total / OPDS_PAGE_SIZE));
    const href = (page: number) => pageHref(feed.path, params, page);
    const paging: FeedLink[] = [
      { rel: 'first', href: href(1), type: ACQUISITION },
      ...(feed.page > 1 ? [{ rel: 'previous', href: href(Math.min(feed.page - 1, lastPage)), type: ACQUISITION }] : []),
      ...(feed.page < lastPage ? [{ rel: 'next', href: href(feed.page + 1), type: ACQUISITION }] : []),
      { rel: 'last', href: href(lastPage), type: ACQUISITION },
    ];
    const [acquisitions, coverTypes, promotion] = await Promise.all([
      feed.allOwned ? Promise.resolve(undefined) : acquisitionsFor(app.db, caller, feed.books),
      coverTypesOf(app.db, feed.books),
      getRunningPromotion(app.db),
    ]);
    const updated = feed.books.reduce(
      (latest, book) => (book.updatedAt > latest ? book.updatedAt : latest),
      new Date(0),
    );
    const document = startFeed({
      id: feed.id,
      title: feed.title,
      updated: feed.books.length > 0 ? updated : new Date(),
      author,
      links: [...commonLinks(href(feed.page), 'acquisition', feed.up ?? '/opds'), ...paging],
      paging: { total: feed.total, perPage: OPDS_PAGE_SIZE, startIndex: (feed.page - 1) * OPDS_PAGE_SIZE + 1 },
    });
    const context = {
      currency: app.config.STORE_CURRENCY,
      webPage,
      coverTypes,
      percentOff: promotion?.percentOff ?? null,
    };
    for (const book of feed.books) {
      addBookEntry(document, book, acquisitions?.get(book.id) ?? 'owned', context);
    }
    return sendFeed(reply, 'acquisition', endDocument(document));
  }

  const summary = (text: string) => ({ tags: ['opds'], summary: text });

  app.get('/', { schema: summary('The OPDS root: a navigation feed') }, async (request, reply) => {
    await opdsCaller(request);
    const now = new Date();
    const document = startFeed({
      id: idBase,
      title: storeName,
      updated: now,
      author,
      links: [...commonLinks('/opds', 'navigation'), { rel: REL_SHELF, href: '/opds/library', type: ACQUISITION }],
    });
    const entries: [string, string, string, string, string, string][] = [
      ['new', 'New books', 'The newest books first.', '/opds/new', REL_NEW, ACQUISITION],
      ['categories', 'Categories', 'Books by category.', '/opds/categories', 'subsection', NAVIGATION],
      ['free', 'Free books', 'Books anyone may download.', '/opds/free', 'subsection', ACQUISITION],
      [
        'library',
        'My Library',
        'The books you own (sign in with an app password).',
        '/opds/library',
        REL_SHELF,
        ACQUISITION,
      ],
    ];
    for (const [key, title, content, href, rel, type] of entries) {
      addNavigationEntry(document, { id: `${idBase}/${key}`, title, content, updated: now, link: { rel, href, type } });
    }
    return sendFeed(reply, 'navigation', endDocument(document));
  });

  app.get(
    '/new',
    { schema: { ...summary('New books, newest first (acquisition feed)'), querystring: pageQuery } },
    async (request, reply) => {
      const { page } = request.query;
      const result = await cataloguePage(app.db, app.caches, { page });
      return acquisitionFeed(request, reply, {
        path: '/opds/new',
        id: `${idBase}/new`,
        title: 'New books',
        page,
        books: result.books,
        total: result.total,
      });
    },
  );

  app.get(
    '/free',
    { schema: { ...summary('Free books, newest first (acquisition feed)'), querystring: pageQuery } },
    async (request, reply) => {
      const { page } = request.query;
      const result = await cataloguePage(app.db, app.caches, { page, type: 'free' });
      return acquisitionFeed(request, reply, {
        path: '/opds/free',
        id: `${idBase}/free`,
        title: 'Free books',
        page,
        books: result.books,
        total: result.total,
      });
    },
  );

  app.get('/categories', { schema: summary('The categories (navigation feed)') }, async (request, reply) => {
    await opdsCaller(request);
    const { categories } = await cataloguePage(app.db, app.caches, { page: 1 });
    const now = new Date();
    const document = startFeed({
      id: `${idBase}/categories`,
      title: 'Categories',
      updated: now,
      author,
      links: commonLinks('/opds/categories', 'navigation', '/opds'),
    });
    for (const category of categories) {
      addNavigationEntry(document, {
        id: `${idBase}/category?${new URLSearchParams({ name: category.name }).toString()}`,
        title: category.name,
        content: `${category.count} book${category.count === 1 ? '' : 's'}`,
        updated: now,
        link: { rel: 'subsection', href: pageHref('/opds/category', { name: category.name }, 1), type: ACQUISITION },
      });
    }
    return sendFeed(reply, 'navigation', endDocument(document));
  });

  app.get(
    '/category',
    { schema: { ...summary("One category's books, newest first (acquisition feed)"), querystring: categoryQuery } },
    async (request, reply) => {
      const { page, name } = request.query;
      const result = await cataloguePage(app.db, app.caches, { page, category: name });
      if (!result.categories.some((category) => category.name === name)) {
        throw notFound('There is no such category.', 'CATEGORY_NOT_FOUND');
      }
      return acquisitionFeed(request, reply, {
        path: '/opds/category',
        params: { name },
        id: `${idBase}/category?${new URLSearchParams({ name }).toString()}`,
        title: name,
        page,
        books: result.books,
        total: result.total,
        up: '/opds/categories',
      });
    },
  );

  // Built once from PUBLIC_URL, never from the request's Host: the same for everyone, so it may be
  // cached publicly.
  const searchDescription = opensearchDescription(storeName, `${app.config.PUBLIC_URL}/opds/search?q={searchTerms}`);
  app.get(
    '/search.xml',
    { schema: summary('The OpenSearch description of the catalogue search') },
    async (_request, reply) =>
      reply
        .header('Content-Type', OPENSEARCH_TYPE)
        .header('Cache-Control', 'public, max-age=3600')
        .send(searchDescription),
  );

  app.get(
    '/search',
    {
      // Counted like catalogue searches on the web (each may miss every cache).
      config: {
        rateLimit: {
          max: app.config.SEARCHES_PER_MINUTE,
          timeWindow: '1 minute',
          errorResponseBuilder: (_request, context) =>
            tooManyRequests(
              `Too many searches. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
              'SEARCH_RATE_LIMITED',
            ),
        },
      },
      schema: { ...summary('Search the catalogue, best match first (acquisition feed)'), querystring: searchQuery },
    },
    async (request, reply) => {
      const { page, q } = request.query;
      const result = await cataloguePage(app.db, app.caches, { page, q }, app.catalogueIndex);
      return acquisitionFeed(request, reply, {
        path: '/opds/search',
        params: { q },
        id: `${idBase}/search?${new URLSearchParams({ q }).toString()}`,
        title: `Search: ${q}`,
        page,
        books: result.books,
        total: result.total,
      });
    },
  );

  app.get(
    '/library',
    {
      schema: {
        ...summary("My Library: the reader's books (HTTP Basic with an app password)"),
        querystring: pageQuery,
      },
    },
    async (request, reply) => {
      const caller = await opdsCaller(request);
      if (!caller) throw unauthorized('Sign in with your e-mail and an app password to see your library.');
      const { page } = request.query;
      const result = await pageOwnedBooks(app.db, caller.id, {
        limit: OPDS_PAGE_SIZE,
        offset: (page - 1) * OPDS_PAGE_SIZE,
      });
      return acquisitionFeed(request, reply, {
        path: '/opds/library',
        id: `${idBase}/library`,
        title: 'My Library',
        page,
        books: result.books,
        total: result.total,
        allOwned: true,
      });
    },
  );

  app.get(
    '/books/:id/file',
    {
      schema: {
        ...summary('Download a PDF: the same rules as GET /api/books/{id}/pdf, with HTTP Basic'),
        params: idParamSchema,
      },
    },
    async (request, reply) => {
      const caller = await opdsCaller(request);
      return sendBookFile(app, { request, reply, bookId: request.params.id, caller });
    },
  );

  app.get(
    '/books/:id/epub',
    {
      schema: {
        ...summary('Download an EPUB: the same rules as GET /api/books/{id}/epub, with HTTP Basic'),
        params: idParamSchema,
      },
    },
    async (request, reply) => {
      const caller = await opdsCaller(request);
      return sendBookFile(app, { request, reply, bookId: request.params.id, caller, format: 'epub' });
    },
  );
};

export default opdsRoutes;
