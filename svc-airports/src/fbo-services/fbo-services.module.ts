import { Module } from '@nestjs/common';
import { FboServicesController } from './fbo-services.controller';

@Module({ controllers: [FboServicesController] })
export class FboServicesModule {}
