import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import {
  aircraftListQuerySchema,
  ApiRoutes,
  createAircraftSchema,
  simpleAircraftSchema,
  updateAircraftSchema,
  type AircraftChanges,
  type AircraftDto,
  type AircraftListQuery,
  type CreateAircraftInput,
  type DeleteAircraftResponse,
  type InternalIdentity,
  type SimpleAircraftInput,
} from '@rampquote/contracts';
import { CurrentIdentity, RequireIdentity, ZodValidationPipe } from '@rampquote/service-kit';
import { AircraftService } from './aircraft.service';

type SignedIn = InternalIdentity & { user: NonNullable<InternalIdentity['user']> };

/**
 * The signed-in aircraft calls of spec section 7. Without a signed-in user the guard answers 401
 * `{ error: 'Authentication required' }` (the text the front end maps to "session expired").
 * The catalogue calls under /api/aircraft (makes, models, specs) live in CatalogueModule, registered first.
 * Bodies are checked by the contracts' aircraft schemas (400 `Invalid request data` with a detail per field).
 */
@Controller()
@RequireIdentity({ user: true })
export class AircraftController {
  constructor(private readonly aircraft: AircraftService) {}

  /** The user's aircraft in list order; `?limit` and `?offset` page it (the default page holds every one). */
  @Get(ApiRoutes.aircraft)
  list(
    @CurrentIdentity() identity: SignedIn,
    @Query(new ZodValidationPipe(aircraftListQuerySchema)) page: AircraftListQuery,
  ): Promise<AircraftDto[]> {
    return this.aircraft.listPage(identity.user.id, page);
  }

  @Get(ApiRoutes.user.aircraft)
  userList(
    @CurrentIdentity() identity: SignedIn,
    @Query(new ZodValidationPipe(aircraftListQuerySchema)) page: AircraftListQuery,
  ): Promise<AircraftDto[]> {
    return this.aircraft.listPage(identity.user.id, page);
  }

  /** The aircraft details step: the full aircraft fields. */
  @Post(ApiRoutes.createAircraft)
  @HttpCode(201)
  createFull(
    @CurrentIdentity() identity: SignedIn,
    @Body(new ZodValidationPipe(createAircraftSchema)) body: CreateAircraftInput,
  ): Promise<AircraftDto> {
    return this.aircraft.create(identity.user.id, body);
  }

  /** The list page's simple form: {make, model, tailNumber}. */
  @Post(ApiRoutes.aircraft)
  @HttpCode(201)
  create(
    @CurrentIdentity() identity: SignedIn,
    @Body(new ZodValidationPipe(simpleAircraftSchema)) body: SimpleAircraftInput,
  ): Promise<AircraftDto> {
    return this.aircraft.create(identity.user.id, body);
  }

  @Get(`${ApiRoutes.aircraft}/:id`)
  get(@CurrentIdentity() identity: SignedIn, @Param('id') id: string): Promise<AircraftDto> {
    return this.aircraft.get(identity.user.id, id);
  }

  @Patch(`${ApiRoutes.aircraft}/:id`)
  update(
    @CurrentIdentity() identity: SignedIn,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(updateAircraftSchema)) body: AircraftChanges,
  ): Promise<AircraftDto> {
    return this.aircraft.update(identity.user.id, id, body);
  }

  /** The simple form's edit: make, model and tail number replaced (a missing tail number clears it). */
  @Put(`${ApiRoutes.aircraft}/:id`)
  replace(
    @CurrentIdentity() identity: SignedIn,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(simpleAircraftSchema)) body: SimpleAircraftInput,
  ): Promise<AircraftDto> {
    return this.aircraft.replace(identity.user.id, id, body);
  }

  @Delete(`${ApiRoutes.aircraft}/:id`)
  remove(@CurrentIdentity() identity: SignedIn, @Param('id') id: string): Promise<DeleteAircraftResponse> {
    return this.aircraft.remove(identity.user.id, id);
  }

  @Post(`${ApiRoutes.aircraft}/:id/set-default`)
  @HttpCode(200)
  setDefault(@CurrentIdentity() identity: SignedIn, @Param('id') id: string): Promise<AircraftDto> {
    return this.aircraft.setDefault(identity.user.id, id);
  }
}
