import { Module } from '@nestjs/common';
import { AirportImportModule } from '../airport-import/airport-import.module';
import { AirportsController } from './airports.controller';
import { AirportsService } from './airports.service';

@Module({
  imports: [AirportImportModule],
  controllers: [AirportsController],
  providers: [AirportsService],
  exports: [AirportsService],
})
export class AirportsModule {}
