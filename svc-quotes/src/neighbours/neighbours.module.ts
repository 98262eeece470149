import { Module } from '@nestjs/common';
import { NeighboursService } from './neighbours.service';

/** HTTP clients to svc-fleet, svc-airports and svc-identity. */
@Module({ providers: [NeighboursService], exports: [NeighboursService] })
export class NeighboursModule {}
