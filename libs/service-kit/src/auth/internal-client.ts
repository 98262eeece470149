import { IDENTITY_HEADER, type InternalIdentity } from '@rampquote/contracts';
import { signIdentity } from '../identity-signing';

export interface InternalClientOptions {
  /** The other service's base URL, e.g. `http://127.0.0.1:4001`. */
  baseUrl: string;
  /** Who calls: `svc-<name>` for a service, `gateway` for the gateway. */
  caller: string;
  secret: string;
  timeoutMs?: number;
}

export interface InternalRequestOptions {
  body?: unknown;
  /** The user on whose behalf the call is made. */
  user?: InternalIdentity['user'];
  headers?: Record<string, string>;
}

export interface InternalResponse<T> {
  status: number;
  ok: boolean;
  /** Parsed JSON, or the raw text when the answer is not JSON (undefined when empty). */
  body: T;
}

/** HTTP calls to another service with the signed identity header (ARCHITECTURE section 3). */
export class InternalClient {
  constructor(private readonly options: InternalClientOptions) {}

  get<T = unknown>(path: string, options: Omit<InternalRequestOptions, 'body'> = {}) {
    return this.request<T>('GET', path, options);
  }

  post<T = unknown>(path: string, body: unknown, options: Omit<InternalRequestOptions, 'body'> = {}) {
    return this.request<T>('POST', path, { ...options, body });
  }

  async request<T = unknown>(method: string, path: string, options: InternalRequestOptions = {}): Promise<InternalResponse<T>> {
    const identity = signIdentity({ caller: this.options.caller, ...(options.user ? { user: options.user } : {}) }, this.options.secret);
    const headers: Record<string, string> = { accept: 'application/json', [IDENTITY_HEADER]: identity, ...options.headers };
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const response = await fetch(new URL(path, this.options.baseUrl), {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
    });
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
  }
}

/** A client for calls from `svc-<service>` to another service. */
export function createInternalClient(service: string, baseUrl: string, secret: string, timeoutMs?: number): InternalClient {
  return new InternalClient({ baseUrl, caller: `svc-${service.replace(/^svc-/, '')}`, secret, timeoutMs });
}
