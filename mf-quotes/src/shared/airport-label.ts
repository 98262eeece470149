/** The parts of an airport the pages show (search results, request snapshots, list rows). */
export interface AirportLike {
  identifier?: string | null;
  code?: string | null;
  name?: string | null;
  city?: string | null;
  state?: string | null;
}

/** "City, ST" (either part alone when the other is missing), or ''. */
export function airportPlace(airport: AirportLike): string {
  return [airport.city, airport.state].filter((part) => part && part.trim()).join(', ');
}

/** "KSEA - Seattle-Tacoma International Airport": the identifier (or code) and the name. */
export function airportLabel(airport: AirportLike): string {
  const id = airport.identifier || airport.code || '';
  const name = airport.name ?? '';
  return id && name ? `${id} - ${name}` : id || name;
}

/** The label with the place: "KSEA - Seattle-Tacoma International Airport (Seattle, WA)". */
export function airportLongLabel(airport: AirportLike): string {
  const place = airportPlace(airport);
  return place ? `${airportLabel(airport)} (${place})` : airportLabel(airport);
}
