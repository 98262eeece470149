import { UNIT_LABELS, type AircraftDto } from '@rampquote/contracts';

const whole = (n: number) => Math.round(n).toLocaleString('en-US');

/**
 * The chosen aircraft's figures (spec section 2): dimensions with 1 decimal in m or ft, weights in kg or lbs,
 * runway length in m or ft — in the unit system the aircraft was saved in. Missing figures are left out.
 */
export function aircraftSpecLines(aircraft: AircraftDto): { label: string; value: string }[] {
  const units = UNIT_LABELS[aircraft.unitSystem] ?? UNIT_LABELS.imperial;
  const lines: { label: string; value: string }[] = [];
  const dimension = (label: string, v: number | null) => {
    if (v !== null && v !== undefined) lines.push({ label, value: `${v.toFixed(1)} ${units.length}` });
  };
  const weight = (label: string, v: number | null) => {
    if (v !== null && v !== undefined) lines.push({ label, value: `${whole(v)} ${units.weight}` });
  };
  dimension('Wingspan', aircraft.wingspan);
  dimension('Length', aircraft.length);
  dimension('Height', aircraft.height);
  weight('Basic empty weight', aircraft.basicEmptyWeight);
  weight('Max ramp weight', aircraft.maxRampWeight);
  weight('Max takeoff weight', aircraft.maxTakeoffWeight);
  weight('Max landing weight', aircraft.maxLandingWeight);
  if (aircraft.minRunwayLength !== null && aircraft.minRunwayLength !== undefined) {
    lines.push({ label: 'Min runway length', value: `${whole(aircraft.minRunwayLength)} ${units.length}` });
  }
  return lines;
}
