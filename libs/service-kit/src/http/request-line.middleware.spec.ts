import { Body, Controller, Get, Module, Param, Post, Query } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { createServiceApp } from '../bootstrap';
import { testKeyPair } from '../auth/identity-keys';
import type { ServiceConfig } from '../config';
import { MALFORMED_ENCODING_MESSAGE, requestLineProblem } from './request-line.middleware';

const NUL = { error: 'Invalid request data', details: [{ message: 'Text must not contain NUL characters' }] };
const MALFORMED = {
  error: 'Invalid request data',
  details: [{ message: 'The address holds malformed percent-encoding' }],
};

describe('requestLineProblem', () => {
  it('passes ordinary paths and query strings, including encoded spaces, plus signs and non-ASCII text', () => {
    for (const url of [
      '/',
      '/api/airports/KSEA',
      '/api/airports/search?q=san+jos%C3%A9&x',
      '/a%2Fb?q=100%25&empty=&=v',
      '/api/x?a=%2500',
    ]) {
      expect(requestLineProblem(url)).toBeNull();
    }
  });

  it('refuses a NUL character in the path, a query value or a query name', () => {
    for (const url of [
      '/api/airports/%00',
      '/api/airports/%00/fbos',
      '/api/airports/search?q=ab%00c',
      '/x?ok=1&q%00=1',
      '/x?q[a]=%00',
    ]) {
      expect(requestLineProblem(url)).toEqual(NUL);
    }
  });

  it('refuses malformed percent-encoding in the path or the query string', () => {
    for (const url of ['/api/airports/%E0%A4%A', '/api/airports/%zz', '/x?q=%', '/x?q%ZZ=1', '/x?q=%C3']) {
      expect(requestLineProblem(url)).toEqual(MALFORMED);
    }
    expect(MALFORMED_ENCODING_MESSAGE).toBe(MALFORMED.details[0].message);
  });
});

describe('a service app (createServiceApp) with a tiny controller', () => {
  const reached: string[] = [];

  @Controller('items')
  class ItemsController {
    @Get('search')
    search(@Query('q') q: unknown) {
      reached.push(`search ${String(q)}`);
      return { q };
    }

    @Get(':id')
    one(@Param('id') id: string) {
      reached.push(`one ${id}`);
      return { id };
    }

    @Post(':id/notes')
    note(@Param('id') id: string, @Body() body: unknown) {
      reached.push(`note ${id}`);
      return { id, body };
    }
  }

  @Module({ controllers: [ItemsController] })
  class ItemsModule {}

  let app: NestExpressApplication;
  beforeAll(async () => {
    app = await createServiceApp({
      service: 'tiny',
      module: ItemsModule,
      config: {
        LOG_LEVEL: 'error',
        NODE_ENV: 'test',
        GATEWAY_PUBLIC_KEY: testKeyPair('gateway').publicKey,
      } as ServiceConfig,
    });
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(() => {
    reached.length = 0;
  });
  const http = () => request(app.getHttpServer());

  it('answers path parameters and query values as usual', async () => {
    expect((await http().get('/items/search?q=san+jos%C3%A9')).body).toEqual({ q: 'san josé' });
    expect((await http().get('/items/K%2FSEA')).body).toEqual({ id: 'K/SEA' });
    expect(reached).toEqual(['search san josé', 'one K/SEA']);
  });

  it('answers 400 in the JSON error shape for a NUL character in a path parameter or a query value, before any handler', async () => {
    const calls = [
      await http().get('/items/%00'),
      await http().get('/items/ab%00c'),
      await http().get('/items/search?q=ab%00c'),
      await http().get('/items/search?q=ok&q=%00'),
      await http().post('/items/%00/notes').send({ text: 'fine' }),
    ];
    expect(calls.map((r) => [r.status, r.headers['content-type'], r.body])).toEqual(
      calls.map(() => [400, expect.stringContaining('application/json'), NUL]),
    );
    expect(reached).toEqual([]);
  });

  it('answers 400 for malformed percent-encoding in the path or the query string, before any handler', async () => {
    const calls = [
      await http().get('/items/%E0%A4%A'),
      await http().get('/items/search?q=%zz'),
      await http().get('/items/%C3'),
    ];
    expect(calls.map((r) => [r.status, r.body])).toEqual(calls.map(() => [400, MALFORMED]));
    expect(reached).toEqual([]);
  });

  it('refuses a NUL character in an unknown path too (400, not 404 or 500)', async () => {
    const res = await http().get('/nowhere/%00');
    expect([res.status, res.body]).toEqual([400, NUL]);
  });
});
