// fbosAtImportedAirport (airport-ready.mjs) against a stand-in for the gateway that imports the airport on its third
// call.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { once } from 'node:events';
import { DEMO_FBO_EMAIL, fbosAtImportedAirport, someFboEmailed } from './airport-ready.mjs';

async function standIn(answers) {
  const seen = [];
  const server = http.createServer((req, res) => {
    seen.push({ url: req.url, cookie: req.headers.cookie });
    const [status, body] = answers[Math.min(seen.length, answers.length) - 1];
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { port: server.address().port, seen, close: () => server.close() };
}

const NOT_FOUND = [404, { error: 'Airport not found' }];

test('asks again while the airport is not imported, says so once, and returns the list', async (t) => {
  const gateway = await standIn([NOT_FOUND, NOT_FOUND, [200, { fbos: [{ id: 'f1' }] }]]);
  t.after(gateway.close);
  const said = [];
  const res = await fbosAtImportedAirport('KBFI', 'rq.sid=abc', {
    port: gateway.port,
    intervalMs: 1,
    say: (m) => said.push(m),
  });
  assert.equal(res.status, 200);
  assert.deepEqual(res.json, { fbos: [{ id: 'f1' }] });
  assert.equal(gateway.seen.length, 3);
  assert.deepEqual(gateway.seen[0], { url: '/api/admin/fbos?airport=KBFI', cookie: 'rq.sid=abc' });
  assert.deepEqual(said, [
    "KBFI is not among the airports yet: waiting for svc-airports' first import (up to 180 s) ...",
  ]);
});

test('gives back the 404 once its time is up', async (t) => {
  const gateway = await standIn([NOT_FOUND]);
  t.after(gateway.close);
  const res = await fbosAtImportedAirport('KXYZ', 'rq.sid=abc', { port: gateway.port, timeoutMs: 0, say: () => {} });
  assert.equal(res.status, 404);
  assert.deepEqual(res.json, { error: 'Airport not found' });
  assert.equal(gateway.seen.length, 1);
});

for (const [what, answer] of [
  ['a refused admin', [403, { error: 'Forbidden' }]],
  ['a 404 of another kind', [404, { error: 'Not Found' }]],
]) {
  test(`does not wait on another answer (${what})`, async (t) => {
    const gateway = await standIn([answer]);
    t.after(gateway.close);
    const res = await fbosAtImportedAirport('KBFI', 'rq.sid=abc', {
      port: gateway.port,
      intervalMs: 1,
      say: () => assert.fail('said it waits'),
    });
    assert.deepEqual([res.status, res.json], answer);
    assert.equal(gateway.seen.length, 1);
  });
}

test('with `until`, asks again while the imported airport lacks the FBOs it waits for, and says what for', async (t) => {
  const withDemo = {
    fbos: [
      { id: 'f1', email: 'ops@kbfi.example' },
      { id: 'f2', email: 'demo-fbo-ksea-2@example.com' },
    ],
  };
  const gateway = await standIn([
    NOT_FOUND,
    [200, { fbos: [{ id: 'f1', email: 'ops@kbfi.example' }] }],
    [200, withDemo],
  ]);
  t.after(gateway.close);
  const said = [];
  const res = await fbosAtImportedAirport('KSEA', 'rq.sid=abc', {
    port: gateway.port,
    intervalMs: 1,
    say: (m) => said.push(m),
    until: someFboEmailed(DEMO_FBO_EMAIL, 'demo FBO'),
  });
  assert.equal(res.status, 200);
  assert.deepEqual(res.json, withDemo);
  assert.equal(gateway.seen.length, 3);
  assert.deepEqual(said, [
    "KSEA is not among the airports yet: waiting for svc-airports' first import (up to 180 s) ...",
    'KSEA has no demo FBO yet: waiting for the development seed ...',
  ]);
});

test('with `until`, gives back the list it has once its time is up', async (t) => {
  const without = { fbos: [{ id: 'f1', email: 'ops@kbfi.example' }] };
  const gateway = await standIn([[200, without]]);
  t.after(gateway.close);
  const res = await fbosAtImportedAirport('KSEA', 'rq.sid=abc', {
    port: gateway.port,
    timeoutMs: 0,
    say: () => {},
    until: someFboEmailed(DEMO_FBO_EMAIL, 'demo FBO'),
  });
  assert.deepEqual([res.status, res.json], [200, without]);
  assert.equal(gateway.seen.length, 1);
});
