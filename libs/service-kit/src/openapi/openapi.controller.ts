import { Controller, Get, Inject } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { RequireIdentity } from '../auth/identity.decorators';
import { SERVICE_KIT_OPTIONS } from '../nest/tokens';
import { serviceOpenApiDocument, type OpenApiDocument } from './openapi-document';
import { scanRoutes } from './route-scan';

/** Path of every service's own OpenAPI document. */
export const OPENAPI_PATH = '/openapi.json';

/**
 * GET /openapi.json on every service (ServiceKitModule adds it): the service's routes read from its controllers,
 * with the body schemas bound to them. Built once, on the first call. Only the gateway reads it (it merges the
 * documents at /api/docs): a service port on the cluster network is reachable by every pod.
 */
@Controller()
export class OpenApiController {
  private document: OpenApiDocument | undefined;

  constructor(
    private readonly modules: ModulesContainer,
    @Inject(SERVICE_KIT_OPTIONS) private readonly options: { service: string },
  ) {}

  @RequireIdentity({ caller: 'gateway' })
  @Get(OPENAPI_PATH)
  openApi(): OpenApiDocument {
    this.document ??= serviceOpenApiDocument(`svc-${this.options.service}`, scanRoutes(this.modules));
    return this.document;
  }
}
