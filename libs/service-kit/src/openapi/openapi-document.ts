import { matchRoute, type RouteAnswer } from '@rampquote/contracts';
import { z } from 'zod';
import type { BodySchema } from '../http/zod-validation.pipe';
import type { ScannedRoute } from './route-scan';

/** The parts of an OpenAPI 3.1 document RampQuote writes. */
export interface OpenApiOperation {
  summary?: string;
  description?: string;
  operationId?: string;
  tags?: string[];
  parameters?: {
    name: string;
    in: 'path' | 'query' | 'header';
    required?: boolean;
    schema: Record<string, unknown>;
    description?: string;
  }[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Record<string, unknown> }> }>;
  security?: Record<string, string[]>[];
  [extension: `x-${string}`]: unknown;
}
export type OpenApiPathItem = Partial<
  Record<'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options', OpenApiOperation>
>;
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description?: string };
  servers?: { url: string; description?: string }[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, OpenApiPathItem>;
  components?: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
  [extension: `x-${string}`]: unknown;
}

/** `/api/aircraft/:id` → `/api/aircraft/{id}`, and the parameter names in order. */
export function openApiPath(expressPath: string): { path: string; params: string[] } {
  const params: string[] = [];
  const path = expressPath.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path, params };
}

/** A path's shape without parameter names (`/api/fbo-quote/{}/{}`), lower-case: how two tables' routes are matched. */
export const pathShape = (path: string) =>
  path
    .replace(/\{[^{}]*\}|:[A-Za-z0-9_]+/g, '{}')
    .replace(/(?<!\/)\/+$/, '')
    .toLowerCase() || '/';

/**
 * JSON Schema (2020-12, what OpenAPI 3.1 uses) of what a caller sends for a zod schema: the input side (before
 * transforms and defaults). Parts JSON Schema cannot say (custom checks) are left open rather than failing.
 */
export function requestBodySchema(schema: BodySchema): Record<string, unknown> {
  try {
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
    delete json.$schema;
    return json;
  } catch {
    return { type: 'object', description: 'validated by the service (schema not expressible in JSON Schema)' };
  }
}

/**
 * JSON Schema (2020-12) of what a route answers for a zod schema: the output side. Objects list their properties with
 * `additionalProperties: false`, as the services' tests hold every answer to it.
 */
export function responseBodySchema(schema: BodySchema): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}

export const ERROR_BODY_SCHEMA = {
  type: 'object',
  required: ['error'],
  properties: {
    error: { type: 'string' },
    details: {
      type: 'array',
      items: {
        type: 'object',
        properties: { field: { type: 'string' }, message: { type: 'string' } },
        required: ['message'],
      },
    },
  },
} as const;

export const jsonBody = (schema: Record<string, unknown>) => ({ 'application/json': { schema } });

const SUCCESS: Record<number, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted (runs in the background)' };

/** The 2xx responses of a route policy's answer: its JSON body's schema (zod's JSON Schema output) or media type. */
export function successResponses(answer: RouteAnswer): OpenApiOperation['responses'] {
  const responses: OpenApiOperation['responses'] = {};
  for (const status of answer.status) {
    if (status === 204) responses['204'] = { description: 'No content' };
    else if (answer.body)
      responses[String(status)] = { description: SUCCESS[status], content: jsonBody(responseBodySchema(answer.body)) };
    else if (answer.mediaType)
      responses[String(status)] = {
        description: answer.mediaType === 'text/event-stream' ? 'Event stream' : SUCCESS[status],
        content: {
          [answer.mediaType]: {
            schema: answer.mediaType === 'application/pdf' ? { type: 'string', format: 'binary' } : { type: 'string' },
          },
        },
      };
  }
  return responses;
}

/** The operation of one scanned route of a service: path parameters, body schema, who may call. */
export function serviceOperation(route: ScannedRoute): OpenApiOperation {
  const { params } = openApiPath(route.path);
  const answer = matchRoute(route.method, route.path)?.policy.answer;
  const operation: OpenApiOperation = {
    operationId: `${route.controller}.${route.handler}`,
    parameters: params.map((name) => ({ name, in: 'path' as const, required: true, schema: { type: 'string' } })),
    responses: {
      // A browser-facing route answers what the route policy says; the others are described by their code.
      ...(answer ? successResponses(answer) : {}),
      default: {
        description: answer ? 'An error as { error, details }' : 'JSON answer; errors as { error, details }',
        content: jsonBody(answer ? { $ref: '#/components/schemas/ApiError' } : {}),
      },
    },
    'x-rampquote-identity': route.public ? 'none' : (route.identity ?? {}),
  };
  if (!operation.parameters!.length) delete operation.parameters;
  if (route.body) operation.requestBody = { required: true, content: jsonBody(requestBodySchema(route.body)) };
  return operation;
}

/** The OpenAPI document of one service: every route its controllers serve (GET /openapi.json on the service). */
export function serviceOpenApiDocument(
  service: string,
  routes: readonly ScannedRoute[],
  version = '0.1.0',
): OpenApiDocument {
  const paths: Record<string, OpenApiPathItem> = {};
  for (const route of [...routes].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method))) {
    const method = route.method.toLowerCase() as keyof OpenApiPathItem;
    const { path } = openApiPath(route.path);
    (paths[path] ??= {})[method] = serviceOperation(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: service,
      version,
      description: `Routes of ${service}. Every call needs the signed identity header (x-rampquote-identity) except where x-rampquote-identity is "none"; browsers reach the /api routes only through the gateway (/api/docs).`,
    },
    paths,
    components: { schemas: { ApiError: ERROR_BODY_SCHEMA } },
  };
}
