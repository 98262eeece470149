import { Module } from '@nestjs/common';
import { FboDiscoveryRequestedConsumer } from './fbo-discovery-requested.consumer';

@Module({ providers: [FboDiscoveryRequestedConsumer] })
export class FboDiscoveryModule {}
