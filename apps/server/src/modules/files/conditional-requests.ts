/**
 * Conditional requests (RFC 9110 section 13) on the files the store serves. Every file has a strong
 * entity tag (named by its content) and a modification date; this decides, in the order of section
 * 13.2.2, whether a request gets the file, 304 Not Modified or 412 Precondition Failed, and whether
 * an If-Range lets its Range through (section 13.1.5).
 */
import type { IncomingHttpHeaders } from 'node:http';

export interface Validators {
  /** A strong entity tag, quoted: `"3f2a…"`. */
  etag: string;
  lastModified: Date;
}

/** send: the file (or its range); not-modified: 304; failed: 412. */
export type Precondition = 'send' | 'not-modified' | 'failed';

interface EntityTag {
  weak: boolean;
  opaque: string;
}

/** One member of an entity-tag list: optional W/, then a quoted tag (which may hold commas). */
const LIST_MEMBER = '[\\s,]*(W/)?"([\\x21\\x23-\\x7e\\x80-\\xff]*)"[ \\t]*(?:,|$)';
const ENTITY_TAG = /^[ \t]*(W\/)?"([\x21\x23-\x7e\x80-\xff]*)"[ \t]*$/;

/**
 * The tags of an If-Match or If-None-Match value, or '*'. Reading stops at the first malformed
 * member, so a garbled list matches less, never more: If-Match then fails, If-None-Match sends the file.
 */
export function parseEntityTags(value: string): '*' | EntityTag[] {
  if (value.trim() === '*') return '*';
  const tags: EntityTag[] = [];
  const member = new RegExp(LIST_MEMBER, 'y');
  for (let match = member.exec(value); match; match = member.exec(value)) {
    tags.push({ weak: match[1] !== undefined, opaque: match[2]! });
  }
  return tags;
}

function parseEntityTag(value: string): EntityTag | null {
  const match = ENTITY_TAG.exec(value);
  return match ? { weak: match[1] !== undefined, opaque: match[2]! } : null;
}

/** Section 8.8.3.2: strong comparison needs both tags strong; weak comparison only the same opaque tag. */
function anyMatches(value: string, current: EntityTag, comparison: 'strong' | 'weak'): boolean {
  const tags = parseEntityTags(value);
  if (tags === '*') return true;
  return tags.some((tag) => tag.opaque === current.opaque && (comparison === 'weak' || (!tag.weak && !current.weak)));
}

const DAYS = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)';
const LONG_DAYS = '(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTH = `(?<month>${MONTHS.join('|')})`;
const TIME = '(?<hour>\\d{2}):(?<minute>\\d{2}):(?<second>\\d{2})';
const HTTP_DATES = [
  // IMF-fixdate: Sun, 06 Nov 1994 08:49:37 GMT
  new RegExp(`^${DAYS}, (?<day>\\d{2}) ${MONTH} (?<year>\\d{4}) ${TIME} GMT$`),
  // rfc850-date (obsolete): Sunday, 06-Nov-94 08:49:37 GMT
  new RegExp(`^${LONG_DAYS}, (?<day>\\d{2})-${MONTH}-(?<shortYear>\\d{2}) ${TIME} GMT$`),
  // asctime-date (obsolete): Sun Nov  6 08:49:37 1994
  new RegExp(`^${DAYS} ${MONTH} (?<day>[ \\d]\\d) ${TIME} (?<year>\\d{4})$`),
];

/**
 * An HTTP-date (section 5.6.7) in any of its three forms, as whole seconds since the epoch; null for
 * anything else (a recipient ignores a date it cannot read, or a list of dates).
 */
export function parseHttpDate(value: string | undefined, now = new Date()): number | null {
  if (value === undefined) return null;
  const text = value.trim();
  const fields = HTTP_DATES.map((form) => form.exec(text)?.groups).find((groups) => groups !== undefined);
  if (!fields) return null;
  let year = Number(fields.year);
  if (fields.shortYear !== undefined) {
    // A two-digit year more than 50 years ahead is the most recent past year with those digits.
    year = Math.floor(now.getUTCFullYear() / 100) * 100 + Number(fields.shortYear);
    if (year > now.getUTCFullYear() + 50) year -= 100;
  }
  const day = Number(fields.day);
  const [hour, minute, second] = [fields.hour, fields.minute, fields.second].map(Number) as [number, number, number];
  if (hour > 23 || minute > 59 || second > 60 || day < 1) return null;
  // A leap second (60) counts as the second before it.
  const time = Date.UTC(year, MONTHS.indexOf(fields.month!), day, hour, minute, Math.min(second, 59));
  if (new Date(time).getUTCDate() !== day) return null; // 31 Feb and the like
  return Math.floor(time / 1000);
}

/** The Last-Modified value: whole seconds, never later than now (section 8.8.2.1). */
export function lastModifiedSeconds(lastModified: Date, now = new Date()): number {
  return Math.floor(Math.min(lastModified.getTime(), now.getTime()) / 1000);
}

/**
 * Sections 13.2.2 steps 1-4: If-Match, else If-Unmodified-Since (412 when false); then If-None-Match,
 * else If-Modified-Since for GET and HEAD (304 when false). A date that cannot be read is ignored.
 */
export function evaluatePreconditions(
  headers: IncomingHttpHeaders,
  method: string,
  validators: Validators,
  now = new Date(),
): Precondition {
  const current = parseEntityTag(validators.etag);
  if (!current || current.weak) throw new Error(`A file needs a strong entity tag, not ${validators.etag}.`);
  const modified = lastModifiedSeconds(validators.lastModified, now);
  const safe = method === 'GET' || method === 'HEAD';

  const ifMatch = headers['if-match'];
  if (ifMatch !== undefined) {
    if (!anyMatches(ifMatch, current, 'strong')) return 'failed';
  } else {
    const unmodifiedSince = parseHttpDate(headers['if-unmodified-since'], now);
    if (unmodifiedSince !== null && modified > unmodifiedSince) return 'failed';
  }

  const ifNoneMatch = headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    if (anyMatches(ifNoneMatch, current, 'weak')) return safe ? 'not-modified' : 'failed';
  } else if (safe) {
    const modifiedSince = parseHttpDate(headers['if-modified-since'], now);
    if (modifiedSince !== null && modified <= modifiedSince) return 'not-modified';
  }
  return 'send';
}

/**
 * Section 13.1.5: whether a Range may be honoured. Without If-Range, yes; with an entity tag, only
 * when it is strong and the file's own. A date never: a date is a strong validator only if the file
 * cannot have changed twice within that second, and a book's PDF can be replaced twice in one, so a
 * date in If-Range gets the whole file (the ETag every answer carries is what resumes a download).
 */
export function ifRangeAllowsRange(headers: IncomingHttpHeaders, validators: Validators): boolean {
  const value = headers['if-range'];
  if (value === undefined) return true;
  const tag = typeof value === 'string' ? parseEntityTag(value) : null;
  const current = parseEntityTag(validators.etag);
  return tag !== null && current !== null && !tag.weak && !current.weak && tag.opaque === current.opaque;
}
