import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AircraftController } from './aircraft.controller';
import { AircraftListCache } from './aircraft-list-cache';
import { Aircraft } from './aircraft.entity';
import { AircraftService } from './aircraft.service';

/** Saved aircraft: the signed-in calls of spec section 7. */
@Module({
  imports: [TypeOrmModule.forFeature([Aircraft])],
  controllers: [AircraftController],
  providers: [AircraftService, AircraftListCache],
})
export class AircraftModule {}
