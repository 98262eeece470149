import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ConfigError, newKeyPair, testKeyPair } from '@rampquote/service-kit';
import { loadGatewayConfig } from './config';

/** Where the micro-frontends live in a deployment: a CDN prefix per release, a host of its own, a path behind the Ingress. */
const PRODUCTION_REMOTES = {
  REMOTE_URL_MF_ACCOUNT: 'https://static.rampquote.example/mf-account/2026.11.22',
  REMOTE_URL_MF_QUOTES: 'https://static.rampquote.example/mf-quotes/',
  REMOTE_URL_MF_FBO_PORTAL: 'https://fbo.rampquote.example',
  REMOTE_URL_MF_ADMIN: '/mf/admin/',
};

/** The gateway's own key pair, as a deployment makes it. */
const GATEWAY_PRIVATE_KEY = newKeyPair().privateKey;

/** The explicit development mode (what `npm start` sets), with more variables. */
const dev = (env: NodeJS.ProcessEnv = {}) => loadGatewayConfig({ NODE_ENV: 'development', ...env });

describe('gateway config', () => {
  it('has working development defaults in the explicit development mode', () => {
    const config = dev();
    expect(config.PORT).toBe(8080);
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.EVENTS_EXCHANGE).toBe('rampquote.events');
    expect(config.SESSION_SECRET).toBe('dev-session-secret-change-me');
    expect(config.DATABASE_NAME).toBe('rampquote_gateway');
    expect(config.siteOrigin).toBe('http://localhost:8080');
    expect(config.serviceUrls).toEqual({
      identity: 'http://127.0.0.1:4001',
      fleet: 'http://127.0.0.1:4002',
      quotes: 'http://127.0.0.1:4003',
      billing: 'http://127.0.0.1:4004',
      airports: 'http://127.0.0.1:4005',
    });
    expect(config.TRUST_PROXY).toBe(false);
    // The repository root: where shell/ and the mf-* folders live.
    expect(config.WEB_ROOT).toBe(resolve(__dirname, '..', '..'));
    // Each micro-frontend on the static host `npm start` runs for it.
    expect(config.remotes.remotes.map((r) => [r.name, r.entry])).toEqual([
      ['account', 'http://localhost:3101/mf-manifest.json'],
      ['quotes', 'http://localhost:3102/mf-manifest.json'],
      ['fbo_portal', 'http://localhost:3103/mf-manifest.json'],
      ['admin', 'http://localhost:3104/mf-manifest.json'],
    ]);
    expect(config.remotes.remotes[0].routes).toContain('/login');
    expect(config.remoteOrigins).toEqual([
      'http://localhost:3101',
      'http://localhost:3102',
      'http://localhost:3103',
      'http://localhost:3104',
    ]);
  });

  it('takes the site origin from PUBLIC_URL', () => {
    expect(dev({ PUBLIC_URL: 'https://app.rampquote.example/some/path' }).siteOrigin).toBe(
      'https://app.rampquote.example',
    );
  });

  it('adds CSRF_TRUSTED_ORIGINS to the site origin and names a bad one', () => {
    expect(dev({ CSRF_TRUSTED_ORIGINS: 'http://localhost:3001/, http://localhost:3002' }).trustedOrigins).toEqual([
      'http://localhost:8080',
      'http://localhost:3001',
      'http://localhost:3002',
    ]);
    expect(dev().trustedOrigins).toEqual(['http://localhost:8080']);
    expect(() => dev({ CSRF_TRUSTED_ORIGINS: 'localhost:3001' })).toThrow(/CSRF_TRUSTED_ORIGINS/);
  });

  it('reads TRUST_PROXY as a boolean, a hop count or an address list', () => {
    expect(dev({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(dev({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(dev({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).TRUST_PROXY).toBe('loopback, 10.0.0.0/8');
  });

  it('requires SESSION_SECRET and GATEWAY_PRIVATE_KEY in production, naming them', () => {
    expect(() => loadGatewayConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET: required in production/);
    expect(() => loadGatewayConfig({ NODE_ENV: 'production' })).toThrow(/GATEWAY_PRIVATE_KEY: required in production/);
  });

  it('refuses to start in production on the published TEST key, or on the old shared secret without a key', () => {
    const production = { SESSION_SECRET: 's'.repeat(40), ...PRODUCTION_REMOTES };
    expect(() => loadGatewayConfig({ ...production, GATEWAY_PRIVATE_KEY: testKeyPair('gateway').privateKey })).toThrow(
      /GATEWAY_PRIVATE_KEY: is a TEST key published in the repository; make keys of your own/,
    );
    expect(() => loadGatewayConfig({ ...production, INTERNAL_SECRET: 'i'.repeat(40) })).toThrow(
      /GATEWAY_PRIVATE_KEY: required in production; INTERNAL_SECRET is no longer used/,
    );
    expect(loadGatewayConfig({ ...production, GATEWAY_PRIVATE_KEY }).GATEWAY_PRIVATE_KEY).toBe(GATEWAY_PRIVATE_KEY);
    // Development uses the TEST key unless one is given.
    expect(dev().GATEWAY_PRIVATE_KEY).toBe(testKeyPair('gateway').privateKey);
  });

  it('is closed by default: without NODE_ENV it refuses to start on the development secrets', () => {
    expect(() => loadGatewayConfig({})).toThrow(
      /SESSION_SECRET: required in production[\s\S]*GATEWAY_PRIVATE_KEY: required in production|GATEWAY_PRIVATE_KEY: required in production[\s\S]*SESSION_SECRET: required in production/,
    );
    expect(() => loadGatewayConfig({ SESSION_SECRET: 'dev-session-secret-change-me', GATEWAY_PRIVATE_KEY })).toThrow(
      /SESSION_SECRET: is a development value/,
    );
    expect(() => loadGatewayConfig({ SESSION_SECRET: 'too-short-for-production', GATEWAY_PRIVATE_KEY })).toThrow(
      /SESSION_SECRET: must be at least 32 bytes in production/,
    );
    const config = loadGatewayConfig({
      SESSION_SECRET: 's'.repeat(40),
      GATEWAY_PRIVATE_KEY,
      ...PRODUCTION_REMOTES,
    });
    expect(config).toMatchObject({ NODE_ENV: 'production', HOST: '127.0.0.1' });
  });

  it('requires the place of every micro-frontend in production, naming each variable with the other problems', () => {
    const secrets = { SESSION_SECRET: 's'.repeat(40), GATEWAY_PRIVATE_KEY };
    const { REMOTE_URL_MF_ADMIN: _admin, ...withoutAdmin } = PRODUCTION_REMOTES;
    expect(() => loadGatewayConfig({ ...secrets, ...withoutAdmin })).toThrow(
      /REMOTE_URL_MF_ADMIN: required in production/,
    );
    expect(() => loadGatewayConfig({ ...secrets, ...withoutAdmin, REMOTE_URL_MF_ADMIN: '' })).toThrow(
      /REMOTE_URL_MF_ADMIN: required/,
    );
    let message = '';
    try {
      loadGatewayConfig({ GATEWAY_PRIVATE_KEY });
    } catch (err) {
      message = (err as Error).message;
    }
    for (const name of [
      'SESSION_SECRET',
      'REMOTE_URL_MF_ACCOUNT',
      'REMOTE_URL_MF_QUOTES',
      'REMOTE_URL_MF_FBO_PORTAL',
      'REMOTE_URL_MF_ADMIN',
    ]) {
      expect(message).toContain(`${name}: required in production`);
    }
    // A whole /remotes.json document replaces the four variables.
    expect(loadGatewayConfig({ ...secrets, REMOTES_JSON: '{"remotes":[]}' }).remotes).toEqual({ remotes: [] });
  });

  it("builds /remotes.json from REMOTE_URL_MF_* and allows their origins, not the site's own", () => {
    const config = dev({ ...PRODUCTION_REMOTES, PUBLIC_URL: 'https://app.rampquote.example' });
    expect(config.remotes.remotes.map((r) => r.entry)).toEqual([
      'https://static.rampquote.example/mf-account/2026.11.22/mf-manifest.json',
      'https://static.rampquote.example/mf-quotes/mf-manifest.json',
      'https://fbo.rampquote.example/mf-manifest.json',
      '/mf/admin/mf-manifest.json',
    ]);
    expect(config.remoteOrigins).toEqual(['https://static.rampquote.example', 'https://fbo.rampquote.example']);
    expect(
      dev({
        REMOTE_URL_MF_ACCOUNT: 'https://app.rampquote.example/mf/account/',
        PUBLIC_URL: 'https://app.rampquote.example',
      }).remoteOrigins,
    ).not.toContain('https://app.rampquote.example');
  });

  it('names a micro-frontend place that is neither an http(s) URL nor a path', () => {
    for (const bad of [
      'static.example.com/mf-account',
      'ftp://static.example.com/',
      '//static.example.com/',
      'javascript:alert(1)',
    ]) {
      expect(() => dev({ REMOTE_URL_MF_ACCOUNT: bad })).toThrow(
        /REMOTE_URL_MF_ACCOUNT: must be an http\(s\) URL or a path/,
      );
    }
  });

  it('reads the login, forgot-password and reset-password limits', () => {
    expect(dev()).toMatchObject({
      RATE_LIMIT_LOGIN: 5,
      RATE_LIMIT_LOGIN_EMAIL: 50,
      RATE_LIMIT_LOGIN_IP: 20,
      RATE_LIMIT_FORGOT_PASSWORD: 5,
      RATE_LIMIT_FORGOT_PASSWORD_IP: 20,
      RATE_LIMIT_RESET_PASSWORD: 20,
    });
  });

  it('names a bad service URL', () => {
    expect(() => dev({ FLEET_URL: 'not a url' })).toThrow(/FLEET_URL/);
  });

  it("reads FBO_LINK_HOST_URL (where the FBO portal's link page comes from; unset: the gateway's disk) and names a bad one", () => {
    expect(dev().FBO_LINK_HOST_URL).toBeUndefined();
    expect(dev({ FBO_LINK_HOST_URL: 'http://mf-fbo-portal:8080' }).FBO_LINK_HOST_URL).toBe('http://mf-fbo-portal:8080');
    expect(() => dev({ FBO_LINK_HOST_URL: 'mf-fbo-portal:8080' })).toThrow(/FBO_LINK_HOST_URL/);
  });

  it('accepts REMOTES_JSON inline or as a file path', () => {
    const inline =
      '{"remotes":[{"name":"account","entry":"http://localhost:3001/mf-manifest.json","routes":["/login"]}]}';
    expect(dev({ REMOTES_JSON: inline }).remotes.remotes[0].entry).toBe('http://localhost:3001/mf-manifest.json');
    const dir = mkdtempSync(join(tmpdir(), 'rq-remotes-'));
    const file = join(dir, 'remotes.json');
    writeFileSync(file, '{"remotes":[]}');
    expect(dev({ REMOTES_JSON: file }).remotes).toEqual({ remotes: [] });
  });

  it('refuses a REMOTES_JSON that is not the expected format', () => {
    expect(() => dev({ REMOTES_JSON: '{"remotes":[{"name":"account"}]}' })).toThrow(ConfigError);
    expect(() => dev({ REMOTES_JSON: '{"remotes": [' })).toThrow(/REMOTES_JSON: not valid JSON/);
    expect(() => dev({ REMOTES_JSON: '/nowhere/remotes.json' })).toThrow(/REMOTES_JSON: file not found/);
    expect(() => dev({ REMOTES_JSON: '{"remotes":[{"name":"fbo-portal","entry":"/x","routes":["/a"]}]}' })).toThrow(
      /REMOTES_JSON: remotes.0.name/,
    );
    expect(() =>
      dev({ REMOTES_JSON: '{"remotes":[{"name":"account","entry":"mf-manifest.json","routes":["/a"]}]}' }),
    ).toThrow(/REMOTES_JSON: remotes.0.entry: must be an http\(s\) URL or a path/);
  });
});
