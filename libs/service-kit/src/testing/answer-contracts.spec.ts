import { createServer, type RequestListener } from 'node:http';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { checkAnswersAgainstContracts, CONTRACT_MISMATCH } from './answer-contracts';

/** A server answering GET /api/aircraft/makes (a JSON array of strings) and DELETE /api/admin/invites/:id (204). */
function serve(listener: RequestListener) {
  const server = createServer(listener);
  checkAnswersAgainstContracts(server);
  return request(server);
}

describe('checkAnswersAgainstContracts', () => {
  let errors: jest.SpyInstance;
  beforeEach(() => (errors = jest.spyOn(console, 'error').mockImplementation(() => undefined)));
  afterEach(() => errors.mockRestore());

  it('passes an answer its contract describes, gzipped or not, untouched', async () => {
    const json =
      (body: Buffer, gzip: boolean): RequestListener =>
      (_, res) => {
        res.setHeader('content-type', 'application/json');
        if (gzip) res.setHeader('content-encoding', 'gzip');
        res.write(body.subarray(0, 3));
        res.end(body.subarray(3));
      };
    const body = Buffer.from('["Cessna","Piper"]');
    await serve(json(body, false)).get('/api/aircraft/makes').expect(200, ['Cessna', 'Piper']);
    await serve(json(gzipSync(body), true))
      .get('/api/aircraft/makes')
      .expect(200, ['Cessna', 'Piper']);
    await serve((_, res) => res.writeHead(204).end())
      .delete('/api/admin/invites/1')
      .expect(204);
    expect(errors).not.toHaveBeenCalled();
  });

  it.each([
    ['a wrong type', 200, '[1]', 'expected string'],
    ['a status the contract does not name', 201, '["Cessna"]', 'answered 201; the contract says 200'],
  ])('turns %s into a 500 saying what differs', async (_, status, body, says) => {
    const res = await serve((__, r) => {
      r.writeHead(status, { 'content-type': 'application/json' });
      r.end(body);
    }).get('/api/aircraft/makes');
    expect(res.status).toBe(500);
    expect(res.body.error).toBe(CONTRACT_MISMATCH);
    expect(res.body.details[0].message).toContain(says);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining(says));
  });

  it('names fields the contract does not declare', async () => {
    const res = await serve((_, r) => {
      r.setHeader('content-type', 'application/json');
      r.end(JSON.stringify({ deleted: 'a', defaultAircraftId: null, secret: 1 }));
    }).delete('/api/aircraft/a');
    expect(res.status).toBe(500);
    expect(res.body.details[0].message).toBe('answered fields the contract does not declare: secret');
  });

  it('leaves errors and routes outside the policy alone', async () => {
    await serve((_, r) => r.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"x"}'))
      .get('/api/aircraft/makes')
      .expect(404, { error: 'x' });
    await serve((_, r) => r.end('ok'))
      .get('/internal/users/1')
      .expect(200, 'ok');
  });
});
