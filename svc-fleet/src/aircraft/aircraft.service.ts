import { randomUUID } from 'node:crypto';
import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, type EntityManager, type Repository } from 'typeorm';
import {
  AircraftMessages,
  aircraftProfileName,
  DEFAULT_UNIT_SYSTEM,
  MAX_SAVED_AIRCRAFT,
  type AircraftChanges,
  type AircraftDto,
  type AircraftListQuery,
  type CreateAircraftInput,
  type DeleteAircraftResponse,
  type SimpleAircraftInput,
} from '@rampquote/contracts';
import { preparedQuery } from '@rampquote/service-kit';
import { AircraftListCache } from './aircraft-list-cache';
import { Aircraft } from './aircraft.entity';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** First key of the per-user advisory lock (the service's port, to keep clear of other lock users). */
const LOCK_NAMESPACE = 4002;

const NOT_FOUND = () => new NotFoundException({ error: AircraftMessages.notFound });

/** List order (spec section 2): the default first, then by make (then model, tail number, age). */
const LIST_ORDER = { isDefault: 'DESC', make: 'ASC', model: 'ASC', tailNumber: 'ASC', createdAt: 'ASC' } as const;
/**
 * The user's aircraft in LIST_ORDER, each column named as the entity's property (numeric as float8, as the entity's
 * transformer gives it), so toDto maps a row as it maps an entity.
 */
const LIST_STATEMENT = {
  name: 'fleet_aircraft_list',
  text: `
  SELECT id, user_id AS "userId", name, make, model, type, tail_number AS "tailNumber", serial_number AS "serialNumber",
         year, wingspan::float8 AS wingspan, length::float8 AS length, height::float8 AS height,
         basic_empty_weight::float8 AS "basicEmptyWeight", max_ramp_weight::float8 AS "maxRampWeight",
         max_takeoff_weight::float8 AS "maxTakeoffWeight", max_landing_weight::float8 AS "maxLandingWeight",
         min_runway_length AS "minRunwayLength", unit_system AS "unitSystem", is_default AS "isDefault",
         created_at AS "createdAt", updated_at AS "updatedAt"
    FROM aircraft
   WHERE user_id = $1
   ORDER BY is_default DESC, make ASC, model ASC, tail_number ASC, created_at ASC`,
};

/**
 * Saved aircraft (spec sections 2-4): a user sees and changes only their own; tail numbers uppercase; the name
 * is generated from the model and tail number; exactly one default per user once they have any. Every change
 * runs in one transaction holding a per-user advisory lock, so concurrent requests of one user cannot leave two
 * defaults or none (the partial unique index `aircraft_one_default_per_user` is the last line of defence).
 */
@Injectable()
export class AircraftService {
  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(Aircraft) private readonly aircraft: Repository<Aircraft>,
    private readonly lists: AircraftListCache,
  ) {}

  /**
   * The user's aircraft in list order. The most frequent call of a signed-in page: served from this replica's
   * AircraftListCache while the user's aircraft are unchanged, else one prepared statement on the data source's pool,
   * rows mapped by toDto (TypeORM's query building and entity mapping cost more than the query itself here).
   */
  list(userId: string): Promise<AircraftDto[]> {
    return this.lists.read(userId, async () =>
      (await preparedQuery<Aircraft>(this.dataSource, LIST_STATEMENT, [userId])).map(toDto),
    );
  }

  async listPage(userId: string, page: AircraftListQuery): Promise<AircraftDto[]> {
    return (await this.list(userId)).slice(page.offset, page.offset + page.limit);
  }

  async get(userId: string, id: string): Promise<AircraftDto> {
    if (!UUID.test(id)) throw NOT_FOUND();
    const row = await this.aircraft.findOne({ where: { id, userId } });
    if (!row) throw NOT_FOUND();
    return toDto(row);
  }

  /** POST /create-aircraft (the full fields) and POST /api/aircraft (the simple form); make and model are present. */
  async create(userId: string, input: CreateAircraftInput | SimpleAircraftInput): Promise<AircraftDto> {
    const isDefaultAsked = 'isDefault' in input && input.isDefault === true;
    return this.inUserTransaction(userId, async (manager) => {
      if ((await manager.count(Aircraft, { where: { userId } })) >= MAX_SAVED_AIRCRAFT) {
        throw new ConflictException({ error: AircraftMessages.tooMany });
      }
      const current = await manager.findOne(Aircraft, { where: { userId, isDefault: true } });
      const isDefault = !current || isDefaultAsked;
      if (isDefault && current) await manager.update(Aircraft, { id: current.id }, { isDefault: false });
      const row = manager.create(Aircraft, {
        id: randomUUID(),
        userId,
        make: input.make!,
        model: input.model!,
        name: aircraftProfileName(input.model!, input.tailNumber),
        type: input.type ?? null,
        tailNumber: input.tailNumber ?? null,
        serialNumber: input.serialNumber ?? null,
        year: input.year ?? null,
        wingspan: input.wingspan ?? null,
        length: input.length ?? null,
        height: input.height ?? null,
        basicEmptyWeight: input.basicEmptyWeight ?? null,
        maxRampWeight: input.maxRampWeight ?? null,
        maxTakeoffWeight: input.maxTakeoffWeight ?? null,
        maxLandingWeight: input.maxLandingWeight ?? null,
        minRunwayLength: input.minRunwayLength ?? null,
        unitSystem: input.unitSystem ?? DEFAULT_UNIT_SYSTEM,
        isDefault,
      });
      await manager.insert(Aircraft, row);
      return toDto(await manager.findOneOrFail(Aircraft, { where: { id: row.id } }));
    });
  }

  /** PUT (the simple form): make, model and tail number replaced; a missing tail number clears it. */
  replace(userId: string, id: string, input: SimpleAircraftInput): Promise<AircraftDto> {
    return this.update(userId, id, { ...input, tailNumber: input.tailNumber ?? null });
  }

  /** PATCH: the fields sent. */
  async update(userId: string, id: string, input: AircraftChanges): Promise<AircraftDto> {
    if (!UUID.test(id)) throw NOT_FOUND();
    return this.inUserTransaction(userId, async (manager) => {
      const row = await manager.findOne(Aircraft, { where: { id, userId } });
      if (!row) throw NOT_FOUND();
      if (input.isDefault === false && row.isDefault) {
        throw new BadRequestException({
          error: AircraftMessages.invalidRequest,
          details: [{ field: 'isDefault', message: AircraftMessages.cannotUnsetDefault }],
        });
      }
      const { name, isDefault, ...fields } = input;
      const before = { name: row.name, model: row.model, tailNumber: row.tailNumber };
      Object.assign(row, fields);
      const identityChanged = row.model !== before.model || row.tailNumber !== before.tailNumber;
      const nameGiven = typeof name === 'string' && name !== before.name;
      // A new tail number (or model) regenerates the name, unless the caller chose a different name too.
      if (nameGiven) row.name = name;
      else if (identityChanged || name === null) row.name = aircraftProfileName(row.model, row.tailNumber);
      if (isDefault === true && !row.isDefault) {
        await manager.update(Aircraft, { userId, isDefault: true }, { isDefault: false });
        row.isDefault = true;
      }
      await manager.save(Aircraft, row);
      return toDto(await manager.findOneOrFail(Aircraft, { where: { id } }));
    });
  }

  /** Deletes the aircraft; when it was the default, the first remaining one in list order becomes the default. */
  async remove(userId: string, id: string): Promise<DeleteAircraftResponse> {
    if (!UUID.test(id)) throw NOT_FOUND();
    return this.inUserTransaction(userId, async (manager) => {
      const row = await manager.findOne(Aircraft, { where: { id, userId } });
      if (!row) throw NOT_FOUND();
      await manager.delete(Aircraft, { id, userId });
      let defaultAircraft = row.isDefault
        ? null
        : await manager.findOne(Aircraft, { where: { userId, isDefault: true } });
      if (row.isDefault) {
        const [next] = await manager.find(Aircraft, { where: { userId }, order: LIST_ORDER, take: 1 });
        if (next) {
          await manager.update(Aircraft, { id: next.id }, { isDefault: true });
          defaultAircraft = next;
        }
      }
      return { deleted: id, defaultAircraftId: defaultAircraft?.id ?? null };
    });
  }

  async setDefault(userId: string, id: string): Promise<AircraftDto> {
    if (!UUID.test(id)) throw NOT_FOUND();
    return this.inUserTransaction(userId, async (manager) => {
      const row = await manager.findOne(Aircraft, { where: { id, userId } });
      if (!row) throw NOT_FOUND();
      if (!row.isDefault) {
        // Two statements: the unique index is checked row by row, so the old default goes first.
        await manager.update(Aircraft, { userId, isDefault: true }, { isDefault: false });
        await manager.update(Aircraft, { id }, { isDefault: true });
      }
      return toDto(await manager.findOneOrFail(Aircraft, { where: { id } }));
    });
  }

  /** A change of the user's aircraft; once it is over, this replica's next list of them reads them again. */
  private inUserTransaction<T>(userId: string, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource
      .transaction(async (manager) => {
        await manager.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [LOCK_NAMESPACE, userId]);
        return work(manager);
      })
      .finally(() => this.lists.forget(userId));
  }
}

export function toDto(row: Aircraft): AircraftDto {
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    make: row.make,
    model: row.model,
    type: row.type,
    tailNumber: row.tailNumber,
    serialNumber: row.serialNumber,
    year: row.year,
    wingspan: row.wingspan,
    length: row.length,
    height: row.height,
    basicEmptyWeight: row.basicEmptyWeight,
    maxRampWeight: row.maxRampWeight,
    maxTakeoffWeight: row.maxTakeoffWeight,
    maxLandingWeight: row.maxLandingWeight,
    minRunwayLength: row.minRunwayLength,
    unitSystem: row.unitSystem,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
