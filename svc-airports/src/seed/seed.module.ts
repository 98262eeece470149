import { Module } from '@nestjs/common';
import { AirportImportModule } from '../airport-import/airport-import.module';
import { DevSeedService } from './dev-seed.service';

@Module({ imports: [AirportImportModule], providers: [DevSeedService] })
export class SeedModule {}
