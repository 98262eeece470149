import { BUILT_IN_AIRPORTS_FILE } from './config';
import { service } from './service';

describe('svc-airports description', () => {
  it('starts in development mode with no other variable, on port 4005 and the default exchange, importing the built-in file', () => {
    expect(service.loadConfig({ NODE_ENV: 'development' })).toMatchObject({
      PORT: 4005,
      EVENTS_EXCHANGE: 'rampquote.events',
      NODE_ENV: 'development',
      AIRPORTS_FILE: BUILT_IN_AIRPORTS_FILE,
      IMPORT_BACKGROUND_ROWS: 2000,
      DEV_AUTO_IMPORT: true,
    });
  });
  it('reads its own variables', () => {
    expect(
      service.loadConfig({
        NODE_ENV: 'development',
        AIRPORTS_FILE: '/data/world.csv',
        IMPORT_BACKGROUND_ROWS: '0',
        DEV_AUTO_IMPORT: 'false',
      }),
    ).toMatchObject({
      AIRPORTS_FILE: '/data/world.csv',
      IMPORT_BACKGROUND_ROWS: 0,
      DEV_AUTO_IMPORT: false,
    });
  });
  it('names each bad variable and requires GATEWAY_PUBLIC_KEY in production', () => {
    expect(() =>
      service.loadConfig({
        NODE_ENV: 'development',
        PORT: 'x',
        IMPORT_BACKGROUND_ROWS: '-1',
        DEV_AUTO_IMPORT: 'maybe',
      }),
    ).toThrow(/PORT: [\s\S]*IMPORT_BACKGROUND_ROWS: [\s\S]*DEV_AUTO_IMPORT: /);
    expect(() => service.loadConfig({ NODE_ENV: 'production' })).toThrow(/GATEWAY_PUBLIC_KEY: required in production/);
  });
});
