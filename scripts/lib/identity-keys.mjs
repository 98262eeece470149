// The Ed25519 keys of the internal identity for a development system (docs/architecture.md, "Internal identity"):
// made on the first `npm start` into .data/identity-keys.json (git-ignored), then reused. The gateway signs users'
// identities with its private key; each service signs its own calls with its own. Plain Node (no dependencies).
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ROOT, SERVICES } from './system.mjs';

export const IDENTITY_KEYS_FILE = join(ROOT, '.data', 'identity-keys.json');

/** A new key pair as the environment carries it: base64 DER (PKCS#8 private, SPKI public). */
export function newKeyPair() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
    publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
  };
}

/** The signers of a system: the gateway and every service (`svc-<name>`). */
const signers = () => ['gateway', ...SERVICES.map((s) => s.dir)];

/**
 * The development keys: read from `file`, or made (one pair per signer) and written there (mode 600) when it is
 * missing or lacks a signer.
 */
export function devIdentityKeys(file = IDENTITY_KEYS_FILE) {
  let keys = {};
  if (existsSync(file)) {
    try {
      keys = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      keys = {};
    }
  }
  const missing = signers().filter((name) => !keys[name]?.privateKey || !keys[name]?.publicKey);
  if (missing.length) {
    for (const name of missing) keys[name] = newKeyPair();
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  }
  return keys;
}

/**
 * The environment of each process for `keys`: `shared` (every process: the gateway's public key and every service's
 * public key), `gateway` (its private key) and `service(dir)` (that service's private key).
 */
export function identityEnv(keys) {
  return {
    shared: {
      GATEWAY_PUBLIC_KEY: keys.gateway.publicKey,
      SERVICE_PUBLIC_KEYS: SERVICES.map((s) => `${s.dir}=${keys[s.dir].publicKey}`).join(','),
    },
    gateway: { GATEWAY_PRIVATE_KEY: keys.gateway.privateKey },
    service: (dir) => ({ SERVICE_PRIVATE_KEY: keys[dir].privateKey }),
  };
}

let kit;
/**
 * Signs an identity header as the running development gateway does (its key from GATEWAY_PRIVATE_KEY or
 * .data/identity-keys.json), for scripts that call a service directly (benchmarks, proofs). `body`: the bytes sent.
 */
export function signAsGateway(identity, { service, method, path, body }) {
  kit ??= createRequire(import.meta.url)(join(ROOT, 'libs', 'service-kit', 'dist', 'index.js'));
  const key = kit.privateKeyFrom(process.env.GATEWAY_PRIVATE_KEY || devIdentityKeys().gateway.privateKey);
  return kit.signIdentity({ caller: 'gateway', ...identity }, key, {
    service,
    method,
    path,
    body: kit.bodyHash(body ?? ''),
  });
}

/**
 * The services that call other services (each signs those calls with its own key), and whom they call: what the
 * receivers' SERVICE_PUBLIC_KEYS and the Kubernetes NetworkPolicies allow.
 */
export const SERVICE_CALLS = {
  'svc-quotes': ['svc-identity', 'svc-fleet', 'svc-airports'],
  'svc-airports': ['svc-identity'],
};
