import { listRoutePolicies, SPEC_CALLS } from '@rampquote/contracts';
import { pathShape, serviceOpenApiDocument } from '@rampquote/service-kit';
import { z } from 'zod';
import { mergedOpenApiDocument } from './merged-openapi';

describe('the merged OpenAPI document (/api/docs/openapi.json)', () => {
  const document = mergedOpenApiDocument(listRoutePolicies(), {});
  const operations = new Set(
    Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${pathShape(path)}`),
    ),
  );

  it.each(Object.keys(SPEC_CALLS) as (keyof typeof SPEC_CALLS)[])(
    'holds every call of the %s spec with its method',
    (spec) => {
      const missing = SPEC_CALLS[spec].filter((call) => {
        const [method, path] = call.split(' ');
        return !operations.has(`${method} ${pathShape(path)}`);
      });
      expect(missing).toEqual([]);
    },
  );

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

  it('describes every success answer: its JSON schema (from the route policy), its media type, or no content', () => {
    const withoutContent = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).flatMap(([method, op]) => {
        const ok = Object.entries(op.responses).filter(([status]) => status.startsWith('2'));
        const bare = ok.filter(([status, answer]) => status !== '204' && !Object.keys(answer.content ?? {}).length);
        return !ok.length || bare.length ? [`${method} ${path}`] : [];
      }),
    );
    expect(withoutContent).toEqual([]);
    const aircraft = document.paths['/api/aircraft/{id}'].get!.responses['200'].content!['application/json'].schema;
    expect(aircraft).toMatchObject({
      type: 'object',
      additionalProperties: false,
      required: expect.arrayContaining(['id', 'tailNumber', 'isDefault']),
    });
    expect(Object.keys(document.paths['/api/quote-requests'].post!.responses)).toContain('201');
    expect(document.paths['/api/admin/invites/{id}'].delete!.responses['204']).toEqual({ description: 'No content' });
    expect(Object.keys(document.paths['/api/admin/import-airports'].post!.responses)).toEqual(
      expect.arrayContaining(['200', '202']),
    );
    expect(document.paths['/api/quote-requests/{id}/pdf'].get!.responses['200'].content).toHaveProperty(
      'application/pdf',
    );
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
