import { Module } from '@nestjs/common';
import { AirportImportModule } from '../airport-import/airport-import.module';
import { FboMembersModule } from '../fbo-members/fbo-members.module';
import { DevSeedService } from './dev-seed.service';

@Module({ imports: [AirportImportModule, FboMembersModule], providers: [DevSeedService] })
export class SeedModule {}
