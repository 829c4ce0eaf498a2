/**
 * The one way the web app talks to the API: same-origin, session cookie, JSON in and out, and every
 * failure turned into an ApiError carrying the server's `{ msg, code }`.
 */
import { isErrorCode, type ErrorCode } from '@ebook/shared';

/**
 * A code of the server's catalogue, or the client's own: NETWORK (the server could not be reached)
 * and HTTP_ERROR (an answer that is not the API's, such as a proxy's error page).
 */
export type ApiErrorCode = ErrorCode | 'NETWORK' | 'HTTP_ERROR';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Query = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export function buildUrl(path: string, query?: Query): string {
  const url = `/api${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const isForm = options.body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(options.body !== undefined && !isForm ? { 'Content-Type': 'application/json' } : {}),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', 'Cannot reach the server. Please check your connection.');
  }
  return parseResponse<T>(response.status, await response.text());
}

function parseResponse<T>(status: number, text: string): T {
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }
  if (status >= 200 && status < 300) return data as T;
  const body = (data ?? {}) as { msg?: unknown; code?: unknown; details?: unknown };
  throw new ApiError(
    status,
    isErrorCode(body.code) ? body.code : 'HTTP_ERROR',
    typeof body.msg === 'string' && body.msg ? body.msg : `Request failed (${status})`,
    body.details,
  );
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};

/** Sends a multipart form with upload progress (fetch cannot report it), resolving like `api`. */
export function uploadWithProgress<T>(
  method: 'POST' | 'PUT',
  path: string,
  form: FormData,
  onProgress: (fraction: number) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, buildUrl(path));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      try {
        resolve(parseResponse<T>(xhr.status, xhr.responseText));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', 'Cannot reach the server. Please check your connection.'));
    xhr.send(form);
  });
}
