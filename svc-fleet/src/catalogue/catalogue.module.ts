import { Module } from '@nestjs/common';
import { AircraftCatalogueController } from './aircraft-catalogue.controller';
import { AircraftCatalogueService } from './aircraft-catalogue.service';

/** The aircraft catalogue: makes, models and specifications (public calls). */
@Module({
  controllers: [AircraftCatalogueController],
  providers: [AircraftCatalogueService],
  exports: [AircraftCatalogueService],
})
export class CatalogueModule {}
