import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listRoutePolicies } from '@rampquote/contracts';
import { pathShape, serviceOpenApiDocument } from '@rampquote/service-kit';
import { z } from 'zod';
import { mergedOpenApiDocument } from './merged-openapi';

const SPEC_DIR = process.env.RAMPQUOTE_SPEC_DIR ?? join(__dirname, '..', '..', '..', '..', 'shared', 'spec');

/** The `| METHOD /path | ... |` rows of a spec document's section "The calls it makes". */
function specCalls(file: string): { method: string; path: string }[] {
  const text = readFileSync(join(SPEC_DIR, file), 'utf8');
  const start = text.search(/^## \d+\. The calls it makes/m);
  expect(start).toBeGreaterThanOrEqual(0);
  const rest = text.slice(start + 3);
  const section = rest.slice(0, rest.search(/^## /m) === -1 ? undefined : rest.search(/^## /m));
  const calls: { method: string; path: string }[] = [];
  for (const line of section.split('\n')) {
    const m = /^\|\s*(GET|POST|PUT|PATCH|DELETE)\s+(\/\S*)\s*\|/.exec(line);
    if (m) calls.push({ method: m[1], path: m[2].split('?')[0] });
  }
  return calls;
}

describe('the merged OpenAPI document (/api/docs/openapi.json)', () => {
  const document = mergedOpenApiDocument(listRoutePolicies(), {});
  const operations = new Set(
    Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${pathShape(path)}`),
    ),
  );

  it.each(['accounts-aircraft-billing.md', 'quote-workflow.md'])('holds every call of %s with its method', (file) => {
    const calls = specCalls(file);
    expect(calls.length).toBeGreaterThan(15);
    const missing = calls
      .filter((c) => !operations.has(`${c.method} ${pathShape(c.path)}`))
      .map((c) => `${c.method} ${c.path}`);
    expect(missing).toEqual([]);
  });

  it('has one operation per route policy entry, with its summary, session, roles and rate limit', () => {
    expect(operations.size).toBe(listRoutePolicies().length);
    const invites = document.paths['/api/admin/invites'].post!;
    expect(invites.summary).toBe('Invite an e-mail address or domain to the beta');
    expect(invites.security).toEqual([{ session: [] }]);
    expect(invites['x-rampquote-policy']).toEqual({
      owner: 'identity',
      handler: 'proxy',
      session: 'required',
      roles: ['admin'],
    });
    expect(Object.keys(invites.responses)).toEqual(expect.arrayContaining(['401', '403']));
    const submit = document.paths['/api/fbo-quote/{fboId}/{token}/submit'].post!;
    expect(submit.security).toEqual([]);
    expect(submit['x-rampquote-policy']).toMatchObject({ session: 'none', rateLimit: 'fboSubmit' });
    expect(submit.parameters?.map((p) => p.name)).toEqual(['fboId', 'token']);
    expect(document.paths['/api/quote-requests/{id}/events'].get!.responses['200'].content).toHaveProperty(
      'text/event-stream',
    );
    // The login body is checked by the gateway itself.
    expect(document.paths['/api/auth/login'].post!.requestBody?.content['application/json'].schema).toMatchObject({
      required: ['email', 'password'],
    });
  });

  it("takes request bodies from the owning service's document, whatever its parameter names", () => {
    const routes = [
      {
        method: 'PUT',
        path: '/api/billing/subscription/:id',
        body: z.object({ planId: z.string() }),
        public: false,
        controller: 'S',
        handler: 'switch',
      },
    ];
    const merged = mergedOpenApiDocument(
      listRoutePolicies(),
      { billing: serviceOpenApiDocument('svc-billing', routes) },
      ['svc-quotes'],
    );
    const op = merged.paths['/api/billing/subscription/{subscriptionId}'].put!;
    expect(op.requestBody?.content['application/json'].schema).toMatchObject({ type: 'object', required: ['planId'] });
    expect(merged['x-rampquote-unavailable']).toEqual(['svc-quotes']);
  });
});
