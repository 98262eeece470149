import { Injectable } from '@nestjs/common';
import { convertMeasures, type AircraftSpecsDto, type UnitSystem } from '@rampquote/contracts';
import { CATALOGUE_ROWS, type CatalogueRow } from './aircraft-catalogue.data';

/** One catalogue entry in the catalogue's own units (ft, lbs). */
export type CatalogueEntry = Omit<AircraftSpecsDto, 'unitSystem'>;

const key = (value: string) => value.trim().toLowerCase();
const byName = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' });

export function toEntry(row: CatalogueRow): CatalogueEntry {
  const [
    make,
    model,
    type,
    wingspan,
    length,
    height,
    basicEmptyWeight,
    maxRampWeight,
    maxTakeoffWeight,
    maxLandingWeight,
    minRunwayLength,
  ] = row;
  return {
    make,
    model,
    type,
    wingspan,
    length,
    height,
    basicEmptyWeight,
    maxRampWeight,
    maxTakeoffWeight,
    maxLandingWeight,
    minRunwayLength,
  };
}

/**
 * The aircraft catalogue, held in memory. It is read-only reference data that changes only with a release
 * (about 170 entries, a few tens of KB), so it ships with the code: no table to seed or migrate, no database
 * round trip on the hottest public calls (makes and models are asked on every aircraft form), and the same
 * figures in every environment. Lookups are case-insensitive; lists are sorted (numbers in names naturally).
 */
@Injectable()
export class AircraftCatalogueService {
  private readonly entries: readonly CatalogueEntry[];
  private readonly makeList: readonly string[];
  private readonly modelsByMake = new Map<string, readonly string[]>();
  private readonly specsByKey = new Map<string, CatalogueEntry>();

  constructor() {
    this.entries = CATALOGUE_ROWS.map(toEntry);
    const models = new Map<string, { make: string; models: string[] }>();
    for (const entry of this.entries) {
      const makeKey = key(entry.make);
      if (!models.has(makeKey)) models.set(makeKey, { make: entry.make, models: [] });
      models.get(makeKey)!.models.push(entry.model);
      this.specsByKey.set(`${makeKey}\u0000${key(entry.model)}`, entry);
    }
    this.makeList = [...models.values()].map((m) => m.make).sort(byName);
    for (const [makeKey, value] of models) this.modelsByMake.set(makeKey, [...value.models].sort(byName));
  }

  all(): readonly CatalogueEntry[] {
    return this.entries;
  }

  makes(): readonly string[] {
    return this.makeList;
  }

  /** Models of a make; an unknown make has none. */
  models(make: string): readonly string[] {
    return this.modelsByMake.get(key(make)) ?? [];
  }

  /** A type's figures in the requested unit system, or undefined when the catalogue lacks it. */
  specs(make: string, model: string, unitSystem: UnitSystem = 'imperial'): AircraftSpecsDto | undefined {
    const entry = this.specsByKey.get(`${key(make)}\u0000${key(model)}`);
    if (!entry) return undefined;
    return { ...convertMeasures(entry, 'imperial', unitSystem), unitSystem };
  }
}
