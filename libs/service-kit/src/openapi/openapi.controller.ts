import { Controller, Get, Inject } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { PublicRoute } from '../auth/identity.decorators';
import { SERVICE_KIT_OPTIONS } from '../nest/tokens';
import { serviceOpenApiDocument, type OpenApiDocument } from './openapi-document';
import { scanRoutes } from './route-scan';

/** Path of every service's own OpenAPI document. */
export const OPENAPI_PATH = '/openapi.json';

/**
 * GET /openapi.json on every service (ServiceKitModule adds it): the service's routes read from its controllers,
 * with the body schemas bound to them. Built once, on the first call. Public like /health: it describes the service's
 * own port, which browsers never reach (the gateway merges the documents at /api/docs).
 */
@Controller()
export class OpenApiController {
  private document: OpenApiDocument | undefined;

  constructor(
    private readonly modules: ModulesContainer,
    @Inject(SERVICE_KIT_OPTIONS) private readonly options: { service: string },
  ) {}

  @PublicRoute()
  @Get(OPENAPI_PATH)
  openApi(): OpenApiDocument {
    this.document ??= serviceOpenApiDocument(`svc-${this.options.service}`, scanRoutes(this.modules));
    return this.document;
  }
}
