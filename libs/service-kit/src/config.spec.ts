import { z } from 'zod';
import { ConfigError, loadConfig, serviceConfigSchema } from './config';

const schema = serviceConfigSchema(4002, { SESSION_SECRET: z.string().min(16).optional().default('dev-session-secret-change-me') });

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(schema, env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('works with no environment at all (development defaults)', () => {
    const config = loadConfig(schema, {});
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      PORT: 4002,
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432',
      AMQP_URL: 'amqp://guest:guest@127.0.0.1:5672',
      SMTP_URL: 'smtp://127.0.0.1:1025',
      EVENTS_EXCHANGE: 'rampquote.events',
      BETA_OPEN: false,
    });
    expect(config.DATABASE_NAME).toBeUndefined();
  });

  it('reads and converts the given variables', () => {
    const config = loadConfig(schema, { PORT: '5000', BETA_OPEN: 'true', EVENTS_EXCHANGE: 'rampquote.test.x', DATABASE_NAME: 'rampquote_test_x' });
    expect(config.PORT).toBe(5000);
    expect(config.BETA_OPEN).toBe(true);
    expect(config.EVENTS_EXCHANGE).toBe('rampquote.test.x');
    expect(config.DATABASE_NAME).toBe('rampquote_test_x');
  });

  it('names each bad variable in one error', () => {
    const problems = problemsOf({ PORT: 'eighty', DATABASE_URL: 'mysql://x', AMQP_URL: 'not a url', BETA_OPEN: 'maybe' });
    const named = problems.map((p) => p.split(':')[0]);
    expect(named.sort()).toEqual(['AMQP_URL', 'BETA_OPEN', 'DATABASE_URL', 'PORT']);
    expect(() => loadConfig(schema, { PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('requires the secrets in production', () => {
    const problems = problemsOf({ NODE_ENV: 'production' });
    expect(problems).toEqual(expect.arrayContaining(['INTERNAL_SECRET: required in production', 'SESSION_SECRET: required in production']));
  });

  it('accepts production once the secrets are set', () => {
    const config = loadConfig(schema, {
      NODE_ENV: 'production',
      INTERNAL_SECRET: 'a-production-internal-secret',
      SESSION_SECRET: 'a-production-session-secret',
    });
    expect(config.INTERNAL_SECRET).toBe('a-production-internal-secret');
  });

  it('rejects a secret that is too short', () => {
    expect(problemsOf({ INTERNAL_SECRET: 'short' })).toEqual([expect.stringMatching(/^INTERNAL_SECRET: /)]);
  });
});
