import {
  loginRequestSchema,
  resetPasswordSchema,
  SERVICES,
  type RoutePolicy,
  type ServiceName,
} from '@rampquote/contracts';
import {
  ERROR_BODY_SCHEMA,
  jsonBody,
  openApiPath,
  pathShape,
  requestBodySchema,
  successResponses,
  type OpenApiDocument,
  type OpenApiOperation,
  type OpenApiPathItem,
} from '@rampquote/service-kit';
import { SESSION_COOKIE } from '../sessions/sessions.service';

/**
 * Bodies of the routes the gateway handles whose schema its own scan cannot see: login (checked in a guard) and the
 * password reset (forwarded to svc-identity's internal route, which binds the schema).
 */
const GATEWAY_BODIES: Record<string, Record<string, unknown>> = {
  'POST /api/auth/login': requestBodySchema(loginRequestSchema),
  'POST /api/reset-password': requestBodySchema(resetPasswordSchema),
};

const TAG_DESCRIPTIONS: Record<RoutePolicy['owner'], string> = {
  gateway: 'Sessions (login, logout, the signed-in user) and this documentation, answered by the gateway',
  identity: 'Users, registration, password reset, profile, beta invitations, support messages',
  fleet: 'Saved aircraft and the aircraft catalogue',
  quotes: 'Quote requests, FBO estimates and declines, the FBO inbox, live updates, the PDF',
  billing: 'Payment methods, plans, subscriptions, invoices',
  airports: 'Airports, search, imports, the FBO directory, the service catalogue',
};

const tagOf = (owner: RoutePolicy['owner']) => (owner === 'gateway' ? 'gateway' : `svc-${owner}`);

/** The operation of `method path` in a document, matched by path shape (parameter names may differ). */
function findOperation(doc: OpenApiDocument | undefined, method: string, path: string): OpenApiOperation | undefined {
  if (!doc) return undefined;
  const shape = pathShape(path);
  const m = method.toLowerCase() as keyof OpenApiPathItem;
  for (const [candidate, item] of Object.entries(doc.paths))
    if (pathShape(candidate) === shape && item[m]) return item[m];
  return undefined;
}

function describePolicy(policy: RoutePolicy): string {
  const lines = [
    policy.owner === 'gateway'
      ? 'Answered by the gateway.'
      : policy.handler === 'gateway'
        ? `Handled by the gateway, which calls ${tagOf(policy.owner)}.`
        : `Forwarded to ${tagOf(policy.owner)} with a signed identity.`,
    policy.session === 'required'
      ? `Session: required${policy.roles ? ` (roles: ${policy.roles.join(', ')})` : ''}.`
      : policy.session === 'optional'
        ? 'Session: optional (the signed-in user, if any, is passed on).'
        : 'Session: none (no cookie is read).',
  ];
  if (policy.rateLimit) lines.push(`Rate limit: ${policy.rateLimit}.`);
  if (policy.stream === 'sse') lines.push('Answer: a Server-Sent Events stream (text/event-stream).');
  return lines.join(' ');
}

function operationOf(
  policy: RoutePolicy,
  docs: Partial<Record<RoutePolicy['owner'], OpenApiDocument>>,
): OpenApiOperation {
  const { params } = openApiPath(policy.path);
  const key = `${policy.method} ${policy.path}`;
  // The body: what the gateway checks itself, else what the route's code binds (the gateway's own controller for
  // the routes it handles, the owning service's for the rest).
  const owned = policy.owner === 'gateway' ? undefined : findOperation(docs[policy.owner], policy.method, policy.path);
  const own = policy.handler === 'gateway' ? findOperation(docs.gateway, policy.method, policy.path) : undefined;
  const bodySchema =
    GATEWAY_BODIES[key] ??
    own?.requestBody?.content['application/json']?.schema ??
    owned?.requestBody?.content['application/json']?.schema;
  const error = (description: string) => ({
    description,
    content: jsonBody({ $ref: '#/components/schemas/ApiError' }),
  });
  const responses = successResponses(policy.answer);
  if (bodySchema) responses['400'] = error('Invalid request data');
  if (policy.session === 'required') responses['401'] = error('Authentication required');
  if (policy.roles) responses['403'] = error('Forbidden (role)');
  if (policy.method !== 'GET') responses['403'] ??= error('Cross-site request refused (Origin is not the site)');
  if (policy.rateLimit) responses['429'] = error('Too many attempts');
  for (const [status, description] of Object.entries(policy.errors ?? {})) responses[status] ??= error(description);
  const operation: OpenApiOperation = {
    summary: policy.summary,
    description: describePolicy(policy),
    operationId: `${policy.method.toLowerCase()}${policy.path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    tags: [tagOf(policy.owner)],
    security:
      policy.session === 'required' ? [{ session: [] }] : policy.session === 'optional' ? [{}, { session: [] }] : [],
    responses,
    'x-rampquote-policy': {
      owner: policy.owner,
      handler: policy.handler,
      session: policy.session,
      ...(policy.roles ? { roles: policy.roles } : {}),
      ...(policy.rateLimit ? { rateLimit: policy.rateLimit } : {}),
      ...(policy.stream ? { stream: policy.stream } : {}),
    },
  };
  if (params.length)
    operation.parameters = params.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
  if (bodySchema) operation.requestBody = { required: true, content: jsonBody(bodySchema) };
  return operation;
}

/**
 * The site's OpenAPI document: one operation per route policy entry (method, path, summary, owner, session, roles,
 * rate limit), with the request body schema the owning code binds, read from the services' own documents
 * (GET /openapi.json on each) and the gateway's. A service whose document could not be read is named in
 * `x-rampquote-unavailable`; its routes are still listed (from the policy), without body schemas.
 */
export function mergedOpenApiDocument(
  policies: readonly RoutePolicy[],
  docs: Partial<Record<RoutePolicy['owner'], OpenApiDocument>>,
  unavailable: readonly string[] = [],
): OpenApiDocument {
  const paths: Record<string, OpenApiPathItem> = {};
  for (const policy of policies) {
    const { path } = openApiPath(policy.path);
    (paths[path] ??= {})[policy.method.toLowerCase() as keyof OpenApiPathItem] = operationOf(policy, docs);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'RampQuote API',
      version: '0.1.0',
      description:
        "Every browser-facing call of RampQuote, as the gateway serves it. Generated from the route policy table (libs/contracts) and the services' own documents. " +
        "State-changing calls must come from the site's origin (Origin or Sec-Fetch-Site: same-origin). Every answer carries X-Request-Id (sent back as given when well-formed).",
    },
    servers: [{ url: '/', description: 'the gateway (same origin)' }],
    tags: [
      { name: 'gateway', description: TAG_DESCRIPTIONS.gateway },
      ...SERVICES.map((s: ServiceName) => ({ name: `svc-${s}`, description: TAG_DESCRIPTIONS[s] })),
    ],
    paths,
    components: {
      schemas: { ApiError: ERROR_BODY_SCHEMA },
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'Session cookie set by POST /api/auth/login',
        },
      },
    },
    ...(unavailable.length ? { 'x-rampquote-unavailable': [...unavailable] } : {}),
  };
}
