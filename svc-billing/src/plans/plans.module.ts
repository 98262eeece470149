import { Module } from '@nestjs/common';
import { PlansController } from './plans.controller';

/** The plan catalogue (libs/contracts PLANS). */
@Module({ controllers: [PlansController] })
export class PlansModule {}
