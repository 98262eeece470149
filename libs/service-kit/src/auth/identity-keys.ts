import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';

/**
 * Ed25519 keys of the internal identity (ARCHITECTURE section 3). Only the gateway's private key signs a user's
 * identity; each service that calls another signs with its own key, which names that service and nothing more.
 * In the environment a key is base64 DER (PKCS#8 for a private key, SPKI for a public one) or PEM.
 */

/** The ASN.1 prefix of an Ed25519 PKCS#8 private key; the 32-byte seed follows (RFC 8410). */
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** A key pair as the environment carries it: base64 DER. */
export interface EncodedKeyPair {
  privateKey: string;
  publicKey: string;
}

const keyPairFromSeed = (seed: Buffer): EncodedKeyPair => {
  const privateKey = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  });
  return {
    privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
    publicKey: createPublicKey(privateKey).export({ format: 'der', type: 'spki' }).toString('base64'),
  };
};

/** A new random key pair (what `npm start` makes on first start, and what a deployment makes once per signer). */
export function newKeyPair(): EncodedKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
    publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
  };
}

const testPairs = new Map<string, EncodedKeyPair>();

/**
 * The published TEST key pair of `name` (`gateway` or `svc-<service>`): derived from the name and a fixed text, so
 * anyone can rebuild it. The development and test modes use these when no key is given; production refuses them.
 */
export function testKeyPair(name: string): EncodedKeyPair {
  let pair = testPairs.get(name);
  if (!pair) {
    const seed = createHash('sha256').update(`rampquote published TEST key, never for production: ${name}`).digest();
    testPairs.set(name, (pair = keyPairFromSeed(seed)));
  }
  return pair;
}

/** `svc-<name>` for a service (`quotes` or `svc-quotes`), `gateway` for the gateway. */
export const callerName = (name: string) => (name === 'gateway' ? name : `svc-${name.replace(/^svc-/, '')}`);

const parsedKeys = new Map<string, KeyObject>();

function parseKey(text: string, kind: 'private' | 'public'): KeyObject {
  const cacheKey = `${kind}:${text}`;
  let key = parsedKeys.get(cacheKey);
  if (key) return key;
  const trimmed = text.trim();
  const pem = trimmed.startsWith('-----BEGIN');
  // PEM from an env file may carry its line breaks as the two characters \n.
  const source = pem ? trimmed.replace(/\\n/g, '\n') : Buffer.from(trimmed, 'base64');
  key =
    kind === 'private'
      ? createPrivateKey(
          pem ? { key: source as string, format: 'pem' } : { key: source as Buffer, format: 'der', type: 'pkcs8' },
        )
      : createPublicKey(
          pem ? { key: source as string, format: 'pem' } : { key: source as Buffer, format: 'der', type: 'spki' },
        );
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`not an Ed25519 ${kind} key`);
  parsedKeys.set(cacheKey, key);
  return key;
}

/** An Ed25519 private key from base64 DER (PKCS#8) or PEM; throws when it is not one. */
export const privateKeyFrom = (text: string) => parseKey(text, 'private');
/** An Ed25519 public key from base64 DER (SPKI) or PEM; throws when it is not one. */
export const publicKeyFrom = (text: string) => parseKey(text, 'public');

/** The base64 DER public key of an encoded private key. */
export const publicKeyOf = (privateKey: string) =>
  createPublicKey(privateKeyFrom(privateKey)).export({ format: 'der', type: 'spki' }).toString('base64');

/**
 * Reads `svc-quotes=<key>,svc-billing=<key>` (commas or white space between entries): the services allowed to call,
 * each with its public key. Throws naming the first bad entry.
 */
export function parseServiceKeys(text: string): Map<string, KeyObject> {
  const keys = new Map<string, KeyObject>();
  for (const entry of text.split(/[\s,]+/).filter(Boolean)) {
    const at = entry.indexOf('=');
    const name = at > 0 ? entry.slice(0, at) : '';
    if (!/^svc-[a-z][a-z0-9-]*$/.test(name)) throw new Error(`"${entry.slice(0, 20)}…" is not svc-<name>=<key>`);
    try {
      keys.set(name, publicKeyFrom(entry.slice(at + 1)));
    } catch {
      throw new Error(`the key of ${name} is not an Ed25519 public key (base64 DER or PEM)`);
    }
  }
  return keys;
}

/** What a receiving service trusts: the gateway's public key, and the public keys of the services that call it. */
export interface IdentityTrust {
  gateway: KeyObject;
  /** `svc-<name>` → public key. */
  serviceKey(caller: string): KeyObject | undefined;
}

/**
 * The trust of a service from its config. In the development modes, without SERVICE_PUBLIC_KEYS, every service is
 * known by its published TEST key (tests start services under any name).
 */
export function identityTrustOf(config: {
  GATEWAY_PUBLIC_KEY: string;
  SERVICE_PUBLIC_KEYS?: string;
  NODE_ENV: string;
}): IdentityTrust {
  const gateway = publicKeyFrom(config.GATEWAY_PUBLIC_KEY);
  if (config.SERVICE_PUBLIC_KEYS !== undefined) {
    const keys = parseServiceKeys(config.SERVICE_PUBLIC_KEYS);
    return { gateway, serviceKey: (caller) => keys.get(caller) };
  }
  if (config.NODE_ENV !== 'development' && config.NODE_ENV !== 'test') return { gateway, serviceKey: () => undefined };
  return {
    gateway,
    serviceKey: (caller) =>
      /^svc-[a-z][a-z0-9-]*$/.test(caller) ? publicKeyFrom(testKeyPair(caller).publicKey) : undefined,
  };
}
