// requestEstimates (estimate-link.mjs) against a stand-in for the gateway's request API.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { requestEstimates } from './estimate-link.mjs';

/** A Playwright-like request context whose POST /api/quote-requests answers `status` and `body`. */
function api(status, body) {
  const answer = (s, b) => ({ status: () => s, json: async () => b, text: async () => JSON.stringify(b) });
  return {
    post: async (url) => (url === '/api/aircraft' ? answer(201, { id: 'a-1' }) : answer(status, body)),
    delete: async () => answer(204, {}),
  };
}

const fbos = [{ id: 'f-1' }];
const services = { fuelJetA: true };

test("says how to go on when the pilot's monthly allowance is spent", async () => {
  const cleanUps = [];
  const spent = {
    error: 'Monthly quote request limit reached',
    details: [{ message: 'Without a subscription you can send 5 quote requests per month.' }],
  };
  await assert.rejects(requestEstimates(api(403, spent), fbos, { services, notes: 'n', cleanUps }), (err) => {
    assert.match(err.message, /has sent its monthly quote requests on the running system/);
    assert.match(err.message, /NO_PLAN_MONTHLY_QUOTE_REQUESTS=100000 npm start/);
    return true;
  });
  assert.equal(cleanUps.length, 1, 'the saved aircraft is still deleted');
});

test('names the status and body of any other refusal', async () => {
  await assert.rejects(
    requestEstimates(api(400, { error: 'Validation failed' }), fbos, { services, notes: 'n', cleanUps: [] }),
    { message: 'create quote request: 400 {"error":"Validation failed"}' },
  );
});

test('returns the new request and cancels and deletes it at clean-up', async () => {
  const cleanUps = [];
  const id = await requestEstimates(api(201, { id: 'q-1' }), fbos, { services, notes: 'n', cleanUps });
  assert.equal(id, 'q-1');
  assert.equal(cleanUps.length, 2);
});
