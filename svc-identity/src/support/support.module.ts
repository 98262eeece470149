import { Module } from '@nestjs/common';
import { SupportMessageReceivedConsumer } from './support-message-received.consumer';
import { SupportController } from './support.controller';
import { SupportService } from './support.service';

@Module({ controllers: [SupportController], providers: [SupportService, SupportMessageReceivedConsumer] })
export class SupportModule {}
