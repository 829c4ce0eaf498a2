/**
 * The network boundary of component tests: `fetch` is the one thing replaced, here, so components run
 * with their real API client, queries and mutations. The stub is removed after each test (setup.ts).
 */
import { vi } from 'vitest';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** A JSON answer, as the API gives it. */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API's answer for an address no test handler knows. */
export const notFound = () => json({ msg: 'Not found', code: 'NOT_FOUND' }, 404);

/** Answers every request with `handler`; returns the stub, to see what was asked. */
export function stubServer(handler: Handler) {
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => handler(url, init));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/**
 * Answers GET-like requests by path (the query string aside) from `answers`, and 404 for the rest;
 * returns the paths asked, in order.
 */
export function serverAnswering(answers: Record<string, unknown>): string[] {
  const asked: string[] = [];
  stubServer((url) => {
    const path = url.split('?')[0]!;
    asked.push(path);
    return path in answers ? json(answers[path]) : notFound();
  });
  return asked;
}
