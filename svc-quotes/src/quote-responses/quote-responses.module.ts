import { Module } from '@nestjs/common';
import { FboRespondedConsumer } from './fbo-responded.consumer';

@Module({ providers: [FboRespondedConsumer] })
export class QuoteResponsesModule {}
