#!/usr/bin/env node
// Makes a new set of internal identity keys for a deployment (docs/architecture.md, "Internal identity"): one Ed25519
// pair for the gateway and one for each service that calls another (scripts/lib/identity-keys.mjs SERVICE_CALLS).
//   node scripts/make-identity-keys.mjs >> .env        lines for docker compose's env file
//   node scripts/make-identity-keys.mjs --kubectl      the kubectl commands creating the key Secrets
// Run it once per deployment and keep the output secret: the private keys are in it.
import { newKeyPair, SERVICE_CALLS } from './lib/identity-keys.mjs';

const gateway = newKeyPair();
const callers = Object.fromEntries(Object.keys(SERVICE_CALLS).map((name) => [name, newKeyPair()]));
const servicePublicKeys = Object.entries(callers)
  .map(([name, pair]) => `${name}=${pair.publicKey}`)
  .join(',');
const envName = (service) => `${service.toUpperCase().replace(/-/g, '_')}_PRIVATE_KEY`;

if (process.argv.includes('--kubectl')) {
  const secret = (name, values) =>
    `kubectl -n rampquote create secret generic ${name} ${Object.entries(values)
      .map(([k, v]) => `--from-literal=${k}=${v}`)
      .join(' ')}`;
  console.log(
    [
      secret('rampquote-identity-keys', {
        GATEWAY_PUBLIC_KEY: gateway.publicKey,
        SERVICE_PUBLIC_KEYS: servicePublicKeys,
      }),
      secret('gateway-secrets', { SESSION_SECRET: '$(openssl rand -hex 32)', GATEWAY_PRIVATE_KEY: gateway.privateKey }),
      secret('svc-quotes-secrets', {
        SERVICE_PRIVATE_KEY: callers['svc-quotes'].privateKey,
        LINK_SECRET: '$(openssl rand -hex 32)',
      }),
      ...Object.entries(callers)
        .filter(([name]) => name !== 'svc-quotes')
        .map(([name, pair]) => secret(`${name}-secrets`, { SERVICE_PRIVATE_KEY: pair.privateKey })),
    ].join('\n'),
  );
} else {
  console.log(
    [
      `GATEWAY_PRIVATE_KEY=${gateway.privateKey}`,
      `GATEWAY_PUBLIC_KEY=${gateway.publicKey}`,
      `SERVICE_PUBLIC_KEYS=${servicePublicKeys}`,
      ...Object.entries(callers).map(([name, pair]) => `${envName(name)}=${pair.privateKey}`),
    ].join('\n'),
  );
}
