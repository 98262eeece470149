/** An airport as the discovery providers see it. */
export interface DiscoveryAirport {
  id: string;
  identifier: string;
  code: string | null;
}

export interface FboCandidate {
  name: string;
  email: string;
  phone: string | null;
}

/** A source of FBOs for an airport (the FBO directory import first; others can be added to FBO_PROVIDERS). */
export interface FboProvider {
  readonly name: string;
  find(airport: DiscoveryAirport): Promise<FboCandidate[]>;
}

export const FBO_PROVIDERS = Symbol('FBO_PROVIDERS');
