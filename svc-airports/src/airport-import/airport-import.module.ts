import { Module } from '@nestjs/common';
import { AirportImportController } from './airport-import.controller';
import { AirportImportService } from './airport-import.service';

@Module({ controllers: [AirportImportController], providers: [AirportImportService], exports: [AirportImportService] })
export class AirportImportModule {}
