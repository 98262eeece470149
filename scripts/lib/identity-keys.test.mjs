// node:test for scripts/lib/identity-keys.mjs: the development keys `npm start` makes once and hands to each process.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPublicKey, createPrivateKey, sign, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { devIdentityKeys, identityEnv } from './identity-keys.mjs';
import { SERVICES } from './system.mjs';

const fresh = () => join(mkdtempSync(join(tmpdir(), 'rq-keys-')), '.data', 'identity-keys.json');
const der = (b64, type) => ({ key: Buffer.from(b64, 'base64'), format: 'der', type });

test('makes one Ed25519 key pair per signer on the first start, readable by its owner only, and reuses them', () => {
  const file = fresh();
  const keys = devIdentityKeys(file);
  assert.deepEqual(Object.keys(keys).sort(), ['gateway', ...SERVICES.map((s) => s.dir)].sort());
  assert.equal(statSync(file).mode & 0o777, 0o600);
  for (const { privateKey, publicKey } of Object.values(keys)) {
    const signature = sign(null, Buffer.from('x'), createPrivateKey(der(privateKey, 'pkcs8')));
    assert.equal(verify(null, Buffer.from('x'), createPublicKey(der(publicKey, 'spki')), signature), true);
  }
  assert.equal(new Set(Object.values(keys).map((k) => k.privateKey)).size, Object.keys(keys).length);
  assert.deepEqual(devIdentityKeys(file), keys);
  assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')), keys);
});

test('gives the gateway its private key, each service its own, and everyone the public keys', () => {
  const keys = devIdentityKeys(fresh());
  const env = identityEnv(keys);
  assert.deepEqual(env.gateway, { GATEWAY_PRIVATE_KEY: keys.gateway.privateKey });
  assert.deepEqual(env.service('svc-quotes'), { SERVICE_PRIVATE_KEY: keys['svc-quotes'].privateKey });
  assert.equal(env.shared.GATEWAY_PUBLIC_KEY, keys.gateway.publicKey);
  assert.ok(env.shared.SERVICE_PUBLIC_KEYS.includes(`svc-quotes=${keys['svc-quotes'].publicKey}`));
  assert.ok(!JSON.stringify(env.shared).includes(keys.gateway.privateKey));
});
