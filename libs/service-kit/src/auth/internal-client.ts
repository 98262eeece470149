import { HttpException, Logger } from '@nestjs/common';
import { IDENTITY_HEADER, type ApiErrorBody, type InternalIdentity } from '@rampquote/contracts';
import { signIdentity } from '../identity-signing';
import { currentRequestId, REQUEST_ID_HEADER } from '../request-context/request-context';

export interface InternalClientOptions {
  /** The other service's base URL, e.g. `http://127.0.0.1:4001`. */
  baseUrl: string;
  /** Who calls: `svc-<name>` for a service, `gateway` for the gateway. */
  caller: string;
  secret: string;
  /**
   * The service called (`identity` or `svc-identity`): every identity is signed for it (and for the call's method
   * and path), and it is named in errors and logs.
   */
  target: string;
  /** How long to wait for the answer (headers and body), in milliseconds. Default 10 s. */
  timeoutMs?: number;
}

export interface InternalRequestOptions {
  body?: unknown;
  /** The user on whose behalf the call is made (signed into the identity header). */
  user?: InternalIdentity['user'];
  headers?: Record<string, string>;
  /** Overrides the client's timeout for this call. */
  timeoutMs?: number;
}

export interface InternalResponse<T> {
  status: number;
  ok: boolean;
  /** Parsed JSON, or the raw text when the answer is not JSON (undefined when empty). */
  body: T;
}

/**
 * The other service did not answer: unreachable (502) or not in time (504). An HttpException whose response is
 * already the JSON error shape, so a service that lets it through answers `{ error, details }` with that status.
 */
export class InternalCallError extends HttpException {
  constructor(
    /** `svc-<name>`. */
    readonly target: string,
    readonly reason: 'unreachable' | 'timeout',
    cause?: unknown,
  ) {
    const body: ApiErrorBody = {
      error: 'Service unavailable',
      details: [{ message: reason === 'timeout' ? `${target} did not answer in time` : `${target} is not reachable` }],
    };
    super(body, reason === 'timeout' ? 504 : 502, { cause });
    this.name = 'InternalCallError';
  }

  get body(): ApiErrorBody {
    return this.getResponse() as ApiErrorBody;
  }
}

/** fetch rejects with a DOMException named TimeoutError (not always `instanceof Error` across realms). */
const isTimeout = (err: unknown) => {
  const name = (err as { name?: unknown } | null)?.name;
  return name === 'TimeoutError' || name === 'AbortError';
};

/**
 * HTTP calls to another service with the signed identity header (ARCHITECTURE section 3): one way for the gateway
 * and the services to call a service. JSON in and out; each call is signed afresh (caller, and the user when
 * given), for the target service and the call's method and path, and bounded by a timeout. Any HTTP answer is returned as it is (status and body); no answer throws
 * InternalCallError (502 unreachable, 504 timed out). Bodies are never logged.
 */
export class InternalClient {
  private readonly logger = new Logger('InternalClient');
  private readonly target: string;

  constructor(private readonly options: InternalClientOptions) {
    this.target = `svc-${options.target.replace(/^svc-/, '')}`;
  }

  get<T = unknown>(path: string, options: Omit<InternalRequestOptions, 'body'> = {}) {
    return this.request<T>('GET', path, options);
  }

  post<T = unknown>(path: string, body: unknown, options: Omit<InternalRequestOptions, 'body'> = {}) {
    return this.request<T>('POST', path, { ...options, body });
  }

  put<T = unknown>(path: string, body: unknown, options: Omit<InternalRequestOptions, 'body'> = {}) {
    return this.request<T>('PUT', path, { ...options, body });
  }

  patch<T = unknown>(path: string, body: unknown, options: Omit<InternalRequestOptions, 'body'> = {}) {
    return this.request<T>('PATCH', path, { ...options, body });
  }

  delete<T = unknown>(path: string, options: Omit<InternalRequestOptions, 'body'> = {}) {
    return this.request<T>('DELETE', path, options);
  }

  async request<T = unknown>(
    method: string,
    path: string,
    options: InternalRequestOptions = {},
  ): Promise<InternalResponse<T>> {
    const url = new URL(path, this.options.baseUrl);
    // Signed for what is actually sent: the URL's path after resolution against the base URL.
    const identity = signIdentity(
      { caller: this.options.caller, ...(options.user ? { user: options.user } : {}) },
      this.options.secret,
      {
        service: this.target,
        method,
        path: url.pathname,
      },
    );
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...options.headers,
      [IDENTITY_HEADER]: identity,
    };
    // The request (or event) this call is part of: the called service logs and answers under the same id.
    const requestId = currentRequestId();
    if (requestId && !headers[REQUEST_ID_HEADER]) headers[REQUEST_ID_HEADER] = requestId;
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    // One deadline for the whole answer: the headers and the body.
    const signal = AbortSignal.timeout(options.timeoutMs ?? this.options.timeoutMs ?? 10_000);
    try {
      const response = await fetch(url, { method, headers, body, signal });
      const text = await response.text();
      let parsed: unknown = text || undefined;
      if (text && (response.headers.get('content-type') ?? '').includes('json')) {
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = text;
        }
      }
      return { status: response.status, ok: response.ok, body: parsed as T };
    } catch (err) {
      const reason = isTimeout(err) ? 'timeout' : 'unreachable';
      const cause = (err as { cause?: { code?: string } }).cause;
      this.logger.warn({
        msg: 'internal call failed',
        target: this.target,
        method,
        path,
        reason,
        code: cause?.code,
        err: (err as { message?: string }).message,
      });
      throw new InternalCallError(this.target, reason, err);
    }
  }
}

/** A client for calls from `svc-<service>` to the service `target` (its identities are signed for `target`). */
export function createInternalClient(
  service: string,
  target: string,
  baseUrl: string,
  secret: string,
  timeoutMs?: number,
): InternalClient {
  return new InternalClient({ baseUrl, caller: `svc-${service.replace(/^svc-/, '')}`, secret, timeoutMs, target });
}
