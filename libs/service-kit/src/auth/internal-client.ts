import { HttpException, Logger } from '@nestjs/common';
import type { KeyObject } from 'node:crypto';
import { IDENTITY_HEADER, type ApiErrorBody, type InternalIdentity } from '@rampquote/contracts';
import { bodyHash, EMPTY_BODY, signIdentity } from '../identity-signing';
import { currentRequestContext, currentRequestId, REQUEST_ID_HEADER } from '../request-context/request-context';
import { callerName, privateKeyFrom } from './identity-keys';

export interface InternalClientOptions {
  /** The other service's base URL, e.g. `http://127.0.0.1:4001`. */
  baseUrl: string;
  /** Who calls: `svc-<name>` for a service, `gateway` for the gateway. */
  caller: string;
  /** The caller's own Ed25519 private key (a KeyObject, or base64 DER / PEM). */
  privateKey: KeyObject | string;
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
  /**
   * The user on whose behalf the call is made. The gateway signs it; a service's call carries the gateway's header
   * for the request it is serving (which must name this user).
   */
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
  private readonly key: KeyObject;

  constructor(private readonly options: InternalClientOptions) {
    this.target = `svc-${options.target.replace(/^svc-/, '')}`;
    this.key = typeof options.privateKey === 'string' ? privateKeyFrom(options.privateKey) : options.privateKey;
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
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    // Signed for what is actually sent: the URL's path and query after resolution against the base URL, the body.
    const binding = {
      service: this.target,
      method,
      path: url.pathname + url.search,
      body: body === undefined ? EMPTY_BODY : bodyHash(body),
    };
    headers[IDENTITY_HEADER] =
      this.options.caller === 'gateway'
        ? signIdentity({ caller: 'gateway', ...(options.user ? { user: options.user } : {}) }, this.key, binding)
        : signIdentity({ caller: this.options.caller }, this.key, binding, {
            onBehalfOf: options.user ? this.gatewayHeaderFor(options.user) : undefined,
          });
    // The request (or event) this call is part of: the called service logs and answers under the same id.
    const requestId = currentRequestId();
    if (requestId && !headers[REQUEST_ID_HEADER]) headers[REQUEST_ID_HEADER] = requestId;
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

  /** The gateway's header of the request being served, which vouches for `user` (a service cannot name one). */
  private gatewayHeaderFor(user: NonNullable<InternalIdentity['user']>): string {
    const header = currentRequestContext()?.identityHeader;
    if (!header || identityUserOf(header)?.id !== user.id) {
      throw new Error(
        `${this.options.caller} can call ${this.target} for user ${user.id} only while serving that user's request`,
      );
    }
    return header;
  }
}

/** The user a (verified) identity header names, read without checking it again. */
function identityUserOf(header: string): InternalIdentity['user'] | undefined {
  try {
    return (JSON.parse(Buffer.from(header.split('.')[0]!, 'base64url').toString('utf8')) as InternalIdentity).user;
  } catch {
    return undefined;
  }
}

/**
 * A client for calls from `svc-<service>` to the service `target` (its identities are signed for `target`), signed
 * with the calling service's own private key (its SERVICE_PRIVATE_KEY).
 */
export function createInternalClient(
  service: string,
  target: string,
  baseUrl: string,
  privateKey: KeyObject | string | undefined,
  timeoutMs?: number,
): InternalClient {
  const caller = callerName(service);
  if (privateKey === undefined)
    throw new Error(
      `SERVICE_PRIVATE_KEY is not set: ${caller} cannot sign its calls to svc-${target.replace(/^svc-/, '')}`,
    );
  return new InternalClient({ baseUrl, caller, privateKey, timeoutMs, target });
}
