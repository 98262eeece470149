import { Inject, Injectable, Logger } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { listRoutePolicies, SERVICES, type ServiceName } from '@rampquote/contracts';
import {
  InternalClient,
  OPENAPI_PATH,
  scanRoutes,
  serviceOpenApiDocument,
  type OpenApiDocument,
} from '@rampquote/service-kit';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { mergedOpenApiDocument } from './merged-openapi';

/** How long a merged document is reused before the services are asked again. */
const FRESH_MS = 60_000;
/** Longest wait for one service's document. */
const FETCH_TIMEOUT_MS = 3_000;

/**
 * The merged OpenAPI document of /api/docs/openapi.json: the route policy plus each service's GET /openapi.json
 * (read over the internal network with a signed call) and the gateway's own controllers. Rebuilt at most once a
 * minute; a service that does not answer is named in the document and asked again on the next build.
 */
@Injectable()
export class OpenApiService {
  private readonly logger = new Logger('OpenApi');
  private readonly clients: Record<ServiceName, InternalClient>;
  private cached: { at: number; document: OpenApiDocument; complete: boolean } | undefined;
  private building: Promise<OpenApiDocument> | undefined;
  private gatewayDocument: OpenApiDocument | undefined;

  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    private readonly modules: ModulesContainer,
  ) {
    this.clients = Object.fromEntries(
      SERVICES.map((s) => [
        s,
        new InternalClient({
          baseUrl: config.serviceUrls[s],
          caller: 'gateway',
          privateKey: config.GATEWAY_PRIVATE_KEY,
          target: s,
          timeoutMs: FETCH_TIMEOUT_MS,
        }),
      ]),
    ) as Record<ServiceName, InternalClient>;
  }

  async document(now = Date.now()): Promise<OpenApiDocument> {
    // A complete document is reused for a minute; an incomplete one is rebuilt on the next request after 5 s.
    if (this.cached && now - this.cached.at < (this.cached.complete ? FRESH_MS : 5_000)) return this.cached.document;
    this.building ??= this.build().finally(() => (this.building = undefined));
    return this.building;
  }

  private async build(): Promise<OpenApiDocument> {
    this.gatewayDocument ??= serviceOpenApiDocument('gateway', scanRoutes(this.modules));
    const docs: Partial<Record<ServiceName | 'gateway', OpenApiDocument>> = { gateway: this.gatewayDocument };
    const unavailable: string[] = [];
    await Promise.all(
      SERVICES.map(async (service) => {
        try {
          const res = await this.clients[service].get<OpenApiDocument>(OPENAPI_PATH);
          if (res.ok && typeof res.body === 'object' && res.body && 'paths' in res.body) docs[service] = res.body;
          else unavailable.push(`svc-${service}`);
        } catch {
          unavailable.push(`svc-${service}`);
        }
      }),
    );
    if (unavailable.length) this.logger.warn({ msg: 'OpenAPI documents missing', services: unavailable.sort() });
    const document = mergedOpenApiDocument(listRoutePolicies(), docs, unavailable.sort());
    this.cached = { at: Date.now(), document, complete: unavailable.length === 0 };
    return document;
  }
}
