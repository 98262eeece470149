import { ENGINE_TYPES } from '@rampquote/contracts';
import { CATALOGUE_ROWS } from './aircraft-catalogue.data';
import { toEntry } from './aircraft-catalogue.service';

const entries = CATALOGUE_ROWS.map(toEntry);
const label = (e: { make: string; model: string }) => `${e.make} ${e.model}`;
const oneDecimal = (n: number) => Number(n.toFixed(1)) === n;

describe('the aircraft catalogue data', () => {
  it('holds at least 120 types', () => {
    expect(entries.length).toBeGreaterThanOrEqual(120);
  });

  it('covers the makes the issue names', () => {
    const makes = new Set(entries.map((e) => e.make));
    for (const make of [
      'Cessna',
      'Piper',
      'Cirrus',
      'Beechcraft',
      'Mooney',
      'Diamond',
      'Pilatus',
      'Daher',
      'Honda',
      'Embraer',
      'Bombardier',
      'Gulfstream',
      'Dassault',
    ]) {
      expect(makes).toContain(make);
    }
    expect(entries.filter((e) => e.make === 'Cessna' && e.model.startsWith('Citation')).length).toBeGreaterThanOrEqual(
      10,
    );
  });

  it('has each make and model once (case-insensitively) and no "/" in names', () => {
    const seen = new Set<string>();
    for (const e of entries) {
      const k = `${e.make}|${e.model}`.toLowerCase();
      expect(seen.has(k) ? label(e) : '').toBe('');
      seen.add(k);
      expect(`${e.make}${e.model}`).not.toMatch(/[/?#%]/);
      expect(e.make.trim()).toBe(e.make);
      expect(e.model.trim()).toBe(e.model);
    }
  });

  it.each(entries.map((e) => [label(e), e] as const))('%s is consistent', (_name, e) => {
    expect(ENGINE_TYPES).toContain(e.type);
    for (const d of [e.wingspan, e.length, e.height]) {
      expect(d).toBeGreaterThan(0);
      expect(d).toBeLessThan(200);
      expect(oneDecimal(d)).toBe(true);
    }
    for (const w of [e.basicEmptyWeight, e.maxRampWeight, e.maxTakeoffWeight, e.maxLandingWeight]) {
      expect(Number.isInteger(w)).toBe(true);
      expect(w).toBeGreaterThan(0);
    }
    expect(e.maxLandingWeight).toBeLessThanOrEqual(e.maxTakeoffWeight);
    expect(e.maxTakeoffWeight).toBeLessThanOrEqual(e.maxRampWeight);
    expect(e.basicEmptyWeight).toBeLessThan(e.maxTakeoffWeight);
    // Useful load between 15 % and 60 % of the take-off weight.
    expect(e.basicEmptyWeight / e.maxTakeoffWeight).toBeGreaterThan(0.4);
    expect(e.basicEmptyWeight / e.maxTakeoffWeight).toBeLessThan(0.85);
    expect(Number.isInteger(e.minRunwayLength)).toBe(true);
    expect(e.minRunwayLength).toBeGreaterThanOrEqual(800);
    expect(e.minRunwayLength).toBeLessThanOrEqual(12000);
    // Jets need more runway than 2,000 ft; nothing propeller-driven here needs more than 4,000 ft.
    if (e.type === 'Turbofan' || e.type === 'Turbojet') expect(e.minRunwayLength).toBeGreaterThanOrEqual(2000);
    else expect(e.minRunwayLength).toBeLessThanOrEqual(4000);
  });
});
