import { Body, Controller, Get, Module, Param, Post, Put } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import request from 'supertest';
import { z } from 'zod';
import { SERVICE_KIT_OPTIONS } from '../nest/tokens';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { RequireIdentity } from '../auth/identity.decorators';
import { OpenApiController } from './openapi.controller';
import { DocumentedBody } from './route-scan';
import { openApiPath, pathShape, serviceOperation } from './openapi-document';

const planSchema = z.object({ planId: z.enum(['basic', 'pro']), note: z.string().max(20).optional() });
const answerSchema = z.object({ totalPrice: z.number().min(0) });

@Controller('/api/things')
@RequireIdentity({ user: true })
class ThingsController {
  @Get(':id')
  one(@Param('id') id: string) {
    return { id };
  }
  @Put(':id/plan')
  plan(@Param('id') id: string, @Body(new ZodValidationPipe(planSchema)) body: unknown) {
    return { id, body };
  }
  @Post(':id/answer')
  @DocumentedBody(answerSchema)
  answer(@Body() body: unknown) {
    return body;
  }
}

@Module({
  controllers: [ThingsController, OpenApiController],
  providers: [{ provide: SERVICE_KIT_OPTIONS, useValue: { service: 'things' } }],
})
class ThingsModule {}

describe('a service OpenAPI document (GET /openapi.json)', () => {
  it('lists every route with its method, path parameters and the body schema bound to it', async () => {
    const app = await NestFactory.create(ThingsModule, { logger: false });
    await app.init();
    try {
      const res = await request(app.getHttpServer()).get('/openapi.json');
      expect(res.status).toBe(200);
      expect(res.body.openapi).toBe('3.1.0');
      expect(res.body.info.title).toBe('svc-things');
      expect(Object.keys(res.body.paths).sort()).toEqual([
        '/api/things/{id}',
        '/api/things/{id}/answer',
        '/api/things/{id}/plan',
        '/openapi.json',
      ]);
      expect(res.body.paths['/api/things/{id}'].get.parameters).toEqual([
        { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
      ]);
      expect(res.body.paths['/api/things/{id}'].get['x-rampquote-identity']).toEqual({ user: true });
      expect(res.body.paths['/openapi.json'].get['x-rampquote-identity']).toEqual({ caller: 'gateway' });
      const plan = res.body.paths['/api/things/{id}/plan'].put.requestBody.content['application/json'].schema;
      expect(plan).toMatchObject({
        type: 'object',
        required: ['planId'],
        properties: { planId: { enum: ['basic', 'pro'] }, note: { type: 'string', maxLength: 20 } },
      });
      const answer = res.body.paths['/api/things/{id}/answer'].post.requestBody.content['application/json'].schema;
      expect(answer.properties.totalPrice).toMatchObject({ type: 'number', minimum: 0 });
    } finally {
      await app.close();
    }
  });

  it("gives a browser-facing route the route policy's success answer", () => {
    const route = { public: false, controller: 'C', handler: 'h' };
    const makes = serviceOperation({ ...route, method: 'GET', path: '/api/aircraft/makes' }).responses;
    expect(makes['200'].content?.['application/json'].schema).toEqual({ type: 'array', items: { type: 'string' } });
    const removed = serviceOperation({ ...route, method: 'DELETE', path: '/api/admin/invites/:id' }).responses;
    expect(removed['204']).toEqual({ description: 'No content' });
  });

  it('writes Express paths as OpenAPI paths and matches paths whatever their parameter names', () => {
    expect(openApiPath('/api/fbo-quote/:fboId/:token/submit')).toEqual({
      path: '/api/fbo-quote/{fboId}/{token}/submit',
      params: ['fboId', 'token'],
    });
    expect(pathShape('/api/fbo-quote/{fboId}/{quoteId}/submit')).toBe(pathShape('/api/fbo-quote/:fboId/:token/submit'));
  });
});
