import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import {
  Routes,
  aircraftListQuerySchema,
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
  @Get(Routes.aircraft.root)
  list(
    @CurrentIdentity() identity: SignedIn,
    @Query(new ZodValidationPipe(aircraftListQuerySchema)) page: AircraftListQuery,
  ): Promise<AircraftDto[]> {
    return this.aircraft.listPage(identity.user.id, page);
  }

  @Get(Routes.user.aircraft)
  userList(
    @CurrentIdentity() identity: SignedIn,
    @Query(new ZodValidationPipe(aircraftListQuerySchema)) page: AircraftListQuery,
  ): Promise<AircraftDto[]> {
    return this.aircraft.listPage(identity.user.id, page);
  }

  /** The aircraft details step: the full aircraft fields. */
  @Post(Routes.aircraft.createFull)
  @HttpCode(201)
  createFull(
    @CurrentIdentity() identity: SignedIn,
    @Body(new ZodValidationPipe(createAircraftSchema)) body: CreateAircraftInput,
  ): Promise<AircraftDto> {
    return this.aircraft.create(identity.user.id, body);
  }

  /** The list page's simple form: {make, model, tailNumber}. */
  @Post(Routes.aircraft.root)
  @HttpCode(201)
  create(
    @CurrentIdentity() identity: SignedIn,
    @Body(new ZodValidationPipe(simpleAircraftSchema)) body: SimpleAircraftInput,
  ): Promise<AircraftDto> {
    return this.aircraft.create(identity.user.id, body);
  }

  @Get(`${Routes.aircraft.root}/:id`)
  get(@CurrentIdentity() identity: SignedIn, @Param('id') id: string): Promise<AircraftDto> {
    return this.aircraft.get(identity.user.id, id);
  }

  @Patch(`${Routes.aircraft.root}/:id`)
  update(
    @CurrentIdentity() identity: SignedIn,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(updateAircraftSchema)) body: AircraftChanges,
  ): Promise<AircraftDto> {
    return this.aircraft.update(identity.user.id, id, body);
  }

  /** The simple form's edit: make, model and tail number replaced (a missing tail number clears it). */
  @Put(`${Routes.aircraft.root}/:id`)
  replace(
    @CurrentIdentity() identity: SignedIn,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(simpleAircraftSchema)) body: SimpleAircraftInput,
  ): Promise<AircraftDto> {
    return this.aircraft.replace(identity.user.id, id, body);
  }

  @Delete(`${Routes.aircraft.root}/:id`)
  remove(@CurrentIdentity() identity: SignedIn, @Param('id') id: string): Promise<DeleteAircraftResponse> {
    return this.aircraft.remove(identity.user.id, id);
  }

  @Post(`${Routes.aircraft.root}/:id/set-default`)
  @HttpCode(200)
  setDefault(@CurrentIdentity() identity: SignedIn, @Param('id') id: string): Promise<AircraftDto> {
    return this.aircraft.setDefault(identity.user.id, id);
  }
}
