import { Module } from '@nestjs/common';
import { DirectoryFboProvider } from './directory.provider';
import { FboDiscoveryRequestedConsumer } from './fbo-discovery-requested.consumer';
import { FboDiscoveryService } from './fbo-discovery.service';
import { FBO_PROVIDERS } from './fbo-provider';

@Module({
  providers: [
    DirectoryFboProvider,
    {
      provide: FBO_PROVIDERS,
      useFactory: (directory: DirectoryFboProvider) => [directory],
      inject: [DirectoryFboProvider],
    },
    FboDiscoveryService,
    FboDiscoveryRequestedConsumer,
  ],
})
export class FboDiscoveryModule {}
