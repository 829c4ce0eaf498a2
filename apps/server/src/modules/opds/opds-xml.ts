/**
 * OPDS 1.2 documents, built with xmlbuilder2 (every text and attribute escaped by the builder, never
 * by string concatenation). Text from members (titles, authors, descriptions) first loses the
 * characters XML 1.0 cannot carry at all (C0 controls but tab and newlines, U+FFFE/U+FFFF, lone
 * surrogates), so no book can make a feed unreadable.
 */
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';

export const ATOM_NS = 'http://www.w3.org/2005/Atom';
export const OPDS_NS = 'http://opds-spec.org/2010/catalog';
export const DC_NS = 'http://purl.org/dc/terms/';
export const OPENSEARCH_NS = 'http://a9.com/-/spec/opensearch/1.1/';

export type FeedKind = 'navigation' | 'acquisition';
export const feedType = (kind: FeedKind) => `application/atom+xml;profile=opds-catalog;kind=${kind}`;
export const OPENSEARCH_TYPE = 'application/opensearchdescription+xml';

// eslint-disable-next-line no-control-regex -- these are exactly the characters XML 1.0 forbids
const FORBIDDEN_IN_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text XML can carry: forbidden characters dropped, a lone surrogate replaced by U+FFFD. */
export function xmlText(text: string): string {
  return text.replace(LONE_SURROGATE, '\uFFFD').replace(FORBIDDEN_IN_XML, '');
}

export interface FeedLink {
  rel: string;
  href: string;
  type?: string;
  title?: string;
}

export interface FeedHead {
  /** An IRI naming the feed (its address under PUBLIC_URL). */
  id: string;
  title: string;
  updated: Date;
  links: FeedLink[];
  author: { name: string; uri: string };
  /** OpenSearch paging figures (acquisition feeds). */
  paging?: { total: number; perPage: number; startIndex: number };
}

export function link(parent: XMLBuilder, { rel, href, type, title }: FeedLink): XMLBuilder {
  return parent.ele('link', {
    rel,
    href,
    ...(type !== undefined && { type }),
    ...(title !== undefined && { title: xmlText(title) }),
  });
}

/** A feed element with its head; entries are added to what it returns. */
export function startFeed(head: FeedHead): XMLBuilder {
  const feed = create({ version: '1.0', encoding: 'UTF-8' }).ele(ATOM_NS, 'feed', {
    'xmlns:opds': OPDS_NS,
    'xmlns:dc': DC_NS,
    'xmlns:opensearch': OPENSEARCH_NS,
  });
  feed.ele('id').txt(head.id);
  feed.ele('title').txt(xmlText(head.title));
  feed.ele('updated').txt(head.updated.toISOString());
  const author = feed.ele('author');
  author.ele('name').txt(xmlText(head.author.name));
  author.ele('uri').txt(head.author.uri);
  for (const each of head.links) link(feed, each);
  if (head.paging) {
    feed.ele(OPENSEARCH_NS, 'opensearch:totalResults').txt(String(head.paging.total));
    feed.ele(OPENSEARCH_NS, 'opensearch:itemsPerPage').txt(String(head.paging.perPage));
    feed.ele(OPENSEARCH_NS, 'opensearch:startIndex').txt(String(head.paging.startIndex));
  }
  return feed;
}

export interface NavigationEntry {
  id: string;
  title: string;
  content: string;
  updated: Date;
  link: FeedLink;
}

export function addNavigationEntry(feed: XMLBuilder, entry: NavigationEntry): void {
  const element = feed.ele('entry');
  element.ele('title').txt(xmlText(entry.title));
  element.ele('id').txt(entry.id);
  element.ele('updated').txt(entry.updated.toISOString());
  element.ele('content', { type: 'text' }).txt(xmlText(entry.content));
  link(element, entry.link);
}

/** The finished document. `wellFormed` re-checks every character: a miss fails loudly, not in a reader. */
export function endDocument(root: XMLBuilder): string {
  return root.end({ prettyPrint: false, wellFormed: true });
}
