import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module';
import { LiveStreamsService } from './live-streams.service';

@Module({ imports: [SessionsModule], providers: [LiveStreamsService], exports: [LiveStreamsService] })
export class LiveStreamsModule {}
