import { Inject, Injectable, Logger } from '@nestjs/common';
import { IDENTITY_HEADER, InternalRoutes, type VerifyCredentialsResponse } from '@rampquote/contracts';
import { signIdentity } from '@rampquote/service-kit';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';

/** svc-identity could not be asked (down, timed out, or answered something unexpected). */
export class IdentityUnavailableError extends Error {
  constructor(reason: string) {
    super(`svc-identity unavailable: ${reason}`);
    this.name = 'IdentityUnavailableError';
  }
}

const isVerifyAnswer = (body: unknown): body is VerifyCredentialsResponse =>
  typeof body === 'object' &&
  body !== null &&
  ((body as { ok?: unknown }).ok === true
    ? typeof (body as { user?: unknown }).user === 'object'
    : (body as { ok?: unknown }).ok === false && typeof (body as { error?: unknown }).error === 'string');

/** The gateway's calls to svc-identity (signed as caller `gateway`). */
@Injectable()
export class IdentityClient {
  private readonly logger = new Logger('IdentityClient');

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  /**
   * Sends a JSON call to svc-identity with the given signed identity and returns its status and parsed body.
   * Throws IdentityUnavailableError when no answer arrives.
   */
  async call(method: string, path: string, identity: string, body?: unknown): Promise<{ status: number; body: unknown }> {
    const url = this.config.IDENTITY_URL.replace(/\/+$/, '') + path;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: { 'content-type': 'application/json', [IDENTITY_HEADER]: identity },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (err) {
      this.logger.error({ msg: 'svc-identity call failed', url, err: (err as Error).message });
      throw new IdentityUnavailableError((err as Error).message);
    }
    const text = await response.text();
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = text;
    }
    return { status: response.status, body: parsed };
  }

  /** Asks svc-identity whether the e-mail and password belong to a user who may log in. */
  async verifyCredentials(email: string, password: string): Promise<VerifyCredentialsResponse> {
    const url = this.config.IDENTITY_URL.replace(/\/+$/, '') + InternalRoutes.verifyCredentials;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [IDENTITY_HEADER]: signIdentity({ caller: 'gateway' }, this.config.INTERNAL_SECRET),
        },
        body: JSON.stringify({ email, password }),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (err) {
      this.logger.error({ msg: 'credential check failed', url, err: (err as Error).message });
      throw new IdentityUnavailableError((err as Error).message);
    }
    const body: unknown = await response.json().catch(() => undefined);
    // The answer is a body with `ok`; a 4xx carrying that body is accepted too.
    if (response.status < 500 && isVerifyAnswer(body)) return body;
    this.logger.error({ msg: 'unexpected credential check answer', url, status: response.status });
    throw new IdentityUnavailableError(`status ${response.status}`);
  }
}
