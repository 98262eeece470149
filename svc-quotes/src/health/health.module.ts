import { Module } from '@nestjs/common';
import { HealthController } from '@rampquote/service-kit';

/** GET /health (database and broker status), from the service kit. */
@Module({ controllers: [HealthController] })
export class HealthModule {}
