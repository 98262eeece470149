import { Module } from '@nestjs/common';
import type { MigrationInterface } from 'typeorm';
import { z } from 'zod';
import { envFlag } from '../config';
import { EventTables1767225600000 } from '../events/event-tables.migration';
import { ServiceKitModule } from '../nest/service-kit.module';
import { defineService, type ConfigOf } from './define-service';

class CreateThings1767225700000 implements MigrationInterface {
  async up() {}
  async down() {}
}
class Thing {}
@Module({})
class ThingsModule {}
@Module({})
class OtherModule {}

const things = defineService({
  name: 'things',
  port: 4321,
  config: { THINGS_LIMIT: z.coerce.number().int().min(1).default(20), THINGS_OPEN: envFlag() },
  entities: [Thing],
  migrations: [CreateThings1767225700000],
  eventBindings: ['thing-wanted'],
  modules: [OtherModule, ThingsModule],
});

describe('defineService', () => {
  it("puts the event-tables migration before the service's own, once", () => {
    expect(things.migrations).toEqual([EventTables1767225600000, CreateThings1767225700000]);
    const listedTwice = defineService({
      name: 'x',
      port: 1,
      migrations: [EventTables1767225600000, CreateThings1767225700000],
      modules: [],
    });
    expect(listedTwice.migrations).toEqual([EventTables1767225600000, CreateThings1767225700000]);
  });

  it('reads the base variables, its port and its own variables from a development environment', () => {
    const config: ConfigOf<typeof things> = things.loadConfig({ NODE_ENV: 'development' });
    expect(config).toMatchObject({
      PORT: 4321,
      HOST: '127.0.0.1',
      EVENTS_EXCHANGE: 'rampquote.events',
      NODE_ENV: 'development',
      THINGS_LIMIT: 20,
      THINGS_OPEN: false,
    });
    expect(
      things.loadConfig({ NODE_ENV: 'development', THINGS_LIMIT: '5', THINGS_OPEN: 'true', PORT: '5000' }),
    ).toMatchObject({ THINGS_LIMIT: 5, THINGS_OPEN: true, PORT: 5000 });
  });

  it('names each bad variable, its own and the base ones, and requires GATEWAY_PUBLIC_KEY in production', () => {
    expect(() => things.loadConfig({ NODE_ENV: 'development', THINGS_LIMIT: '0', PORT: 'x' })).toThrow(
      /THINGS_LIMIT: [\s\S]*PORT: |PORT: [\s\S]*THINGS_LIMIT: /,
    );
    expect(() => things.loadConfig({ NODE_ENV: 'production' })).toThrow(/GATEWAY_PUBLIC_KEY: required in production/);
    expect(() => things.loadConfig({})).toThrow(/GATEWAY_PUBLIC_KEY: required in production/);
  });

  it('builds the root module: service-kit first, then the features in the order given', () => {
    const config = things.loadConfig({ NODE_ENV: 'development' });
    const root = things.module(config, { pollIntervalMs: 50 });
    const [kit, ...features] = root.imports ?? [];
    expect(features).toEqual([OtherModule, ThingsModule]);
    expect(kit).toMatchObject({ module: ServiceKitModule });
    const options = (kit as { providers: { provide: unknown; useValue?: unknown }[] }).providers.find(
      (p) => p.useValue && (p.useValue as { service?: string }).service,
    );
    expect(options?.useValue).toMatchObject({
      service: 'things',
      config,
      events: { bindings: ['thing-wanted'], pollIntervalMs: 50 },
    });
  });
});
