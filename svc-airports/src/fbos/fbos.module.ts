import { Module } from '@nestjs/common';
import { AirportsModule } from '../airports/airports.module';
import { AdminFbosController } from './admin-fbos.controller';
import { FbosController } from './fbos.controller';
import { FbosService } from './fbos.service';

@Module({
  imports: [AirportsModule],
  controllers: [FbosController, AdminFbosController],
  providers: [FbosService],
  exports: [FbosService],
})
export class FbosModule {}
