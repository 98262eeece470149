import { Controller, Get, NotFoundException, Param } from '@nestjs/common';
import {
  Routes,
  type AirportFboContactsResponse,
  type FboContactDto,
  type FboMembershipsResponse,
} from '@rampquote/contracts';
import { RequireIdentity } from '@rampquote/service-kit';
import { DataSource } from 'typeorm';
import { AIRPORT_NOT_FOUND, AirportsService } from '../airports/airports.service';
import { FboMembersService } from './fbo-members.service';

/** svc-quotes' calls: the FBOs a user belongs to (its inbox), and an airport's FBOs with the address it mails. */
@Controller()
@RequireIdentity({ caller: 'svc-quotes' })
export class InternalFbosController {
  constructor(
    private readonly members: FboMembersService,
    private readonly airports: AirportsService,
    private readonly dataSource: DataSource,
  ) {}

  @Get(decodeURIComponent(Routes.internal.fboMemberships(':userId')))
  async memberships(@Param('userId') userId: string): Promise<FboMembershipsResponse> {
    return { memberships: await this.members.membershipsOf(userId) };
  }

  @Get(decodeURIComponent(Routes.internal.airportFboContacts(':code')))
  async contacts(@Param('code') code: string): Promise<AirportFboContactsResponse> {
    const airport = await this.airports.findByCode(code);
    if (!airport) throw new NotFoundException(AIRPORT_NOT_FOUND);
    const fbos: FboContactDto[] = await this.dataSource.query(
      `SELECT id, name, email, phone, logo FROM fbos WHERE airport_id = $1 AND active ORDER BY name`,
      [airport.id],
    );
    return { fbos };
  }
}
