import { RequestMethod, SetMetadata, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import type { ModulesContainer } from '@nestjs/core';
import { IDENTITY_REQUIREMENT, PUBLIC_ROUTE, type IdentityRequirement } from '../auth/identity.decorators';
import { ZodValidationPipe, type BodySchema } from '../http/zod-validation.pipe';

/** Metadata key of DocumentedBody. */
export const OPENAPI_BODY = 'rampquote:openapi-body';

/**
 * Names the body schema of a route that validates its body inside the handler (after checks that must answer first,
 * e.g. an FBO link's 404/409/410), so the OpenAPI document shows it: `@DocumentedBody(submitEstimateSchema)`.
 * Routes that bind `@Body(new ZodValidationPipe(schema))` need nothing: their schema is read from the binding.
 */
export const DocumentedBody = (schema: BodySchema) => SetMetadata(OPENAPI_BODY, schema);

/** One HTTP route a Nest app serves, as read from its controllers' metadata. */
export interface ScannedRoute {
  method: string;
  /** Express-style path (`/api/aircraft/:id`). */
  path: string;
  /** The zod schema its body is validated with, when the route says which. */
  body?: BodySchema;
  /** Reachable without a signed identity (only /health and /metrics, which checks its own token). */
  public: boolean;
  identity?: IdentityRequirement;
  controller: string;
  handler: string;
}

const METHODS: Partial<Record<RequestMethod, string>> = {
  [RequestMethod.GET]: 'GET',
  [RequestMethod.POST]: 'POST',
  [RequestMethod.PUT]: 'PUT',
  [RequestMethod.DELETE]: 'DELETE',
  [RequestMethod.PATCH]: 'PATCH',
  [RequestMethod.HEAD]: 'HEAD',
  [RequestMethod.OPTIONS]: 'OPTIONS',
};
/** Nest's RouteParamtypes.BODY. */
const BODY_PARAM = 3;

const joinPath = (...parts: string[]) => {
  const joined = parts
    .map((p) => p.replace(/^\/+|(?<!\/)\/+$/g, ''))
    .filter(Boolean)
    .join('/');
  return `/${joined}`;
};
const asList = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(String) : value === undefined ? [''] : [String(value)];

const isZod = (value: unknown): value is BodySchema => typeof value === 'object' && value !== null && '_zod' in value;

/** The schema a pipe validates with: a ZodValidationPipe's, or a pipe exposing `schema` / `openApiSchema`. */
function schemaOfPipe(pipe: unknown): BodySchema | undefined {
  if (pipe instanceof ZodValidationPipe) return pipe['schema'];
  const candidate =
    (pipe as { openApiSchema?: unknown; schema?: unknown } | null)?.openApiSchema ??
    (pipe as { schema?: unknown } | null)?.schema;
  return isZod(candidate) ? candidate : undefined;
}

function bodySchema(controller: Type<unknown>, handlerName: string, handler: object): BodySchema | undefined {
  const declared: unknown = Reflect.getMetadata(OPENAPI_BODY, handler);
  if (isZod(declared)) return declared;
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, handlerName) ?? {}) as Record<
    string,
    { pipes?: unknown[] }
  >;
  for (const [key, arg] of Object.entries(args)) {
    if (Number(key.split(':')[0]) !== BODY_PARAM) continue;
    for (const pipe of arg.pipes ?? []) {
      const schema = schemaOfPipe(pipe);
      if (schema) return schema;
    }
  }
  return undefined;
}

/** Every route of every controller the app registered (controller path × method path × HTTP method). */
export function scanRoutes(modules: ModulesContainer): ScannedRoute[] {
  const routes: ScannedRoute[] = [];
  const seen = new Set<Type<unknown>>();
  for (const module of modules.values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Type<unknown> | null;
      if (!controller || seen.has(controller)) continue;
      seen.add(controller);
      const prefixes = asList(Reflect.getMetadata(PATH_METADATA, controller));
      const proto = controller.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(proto)) {
        if (name === 'constructor') continue;
        const handler = Object.getOwnPropertyDescriptor(proto, name)?.value as object | undefined;
        if (typeof handler !== 'function') continue;
        const methodCode = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        const paths = Reflect.getMetadata(PATH_METADATA, handler) as unknown;
        if (methodCode === undefined || paths === undefined) continue;
        const methods =
          methodCode === RequestMethod.ALL
            ? ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']
            : [METHODS[methodCode]].filter((m): m is string => !!m);
        const isPublic = Boolean(
          Reflect.getMetadata(PUBLIC_ROUTE, handler) ?? Reflect.getMetadata(PUBLIC_ROUTE, controller),
        );
        const identity = (Reflect.getMetadata(IDENTITY_REQUIREMENT, handler) ??
          Reflect.getMetadata(IDENTITY_REQUIREMENT, controller)) as IdentityRequirement | undefined;
        const body = bodySchema(controller, name, handler);
        for (const prefix of prefixes) {
          for (const path of asList(paths)) {
            for (const method of methods) {
              routes.push({
                method,
                path: joinPath(prefix, path),
                body,
                public: isPublic,
                identity,
                controller: controller.name,
                handler: name,
              });
            }
          }
        }
      }
    }
  }
  return routes;
}
