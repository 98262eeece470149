import type { AircraftDto, AirportSearchResult, FboDto, ProfileDto } from '@rampquote/contracts';
import type { FakeRoute } from '@rampquote/web-kit/testing/render-page';

/** Test data of the request pages (form, review, legacy wizard). */
export const pilot = {
  id: 'u1',
  username: 'pilot',
  email: 'pilot@rampquote.dev',
  role: 'pilot',
  firstName: 'Pat',
  lastName: 'Pilot',
  companyName: null,
};
export const signedIn: Record<string, FakeRoute> = { 'GET /api/auth/me': { status: 200, body: pilot } };
export const anonymous: Record<string, FakeRoute> = {
  'GET /api/auth/me': { status: 401, body: { error: 'Authentication required' } },
};

export function aircraft(
  id: string,
  tailNumber: string,
  model: string,
  isDefault: boolean,
  extra: Partial<AircraftDto> = {},
): AircraftDto {
  return {
    id,
    userId: 'u1',
    name: `${model.split(' ')[0]} ${tailNumber}`,
    make: 'Cessna',
    model,
    type: 'Piston',
    tailNumber,
    serialNumber: null,
    year: null,
    wingspan: null,
    length: null,
    height: null,
    basicEmptyWeight: null,
    maxRampWeight: null,
    maxTakeoffWeight: null,
    maxLandingWeight: null,
    minRunwayLength: null,
    unitSystem: 'imperial',
    isDefault,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

export const skyhawk = aircraft('a-1', 'N100', '172S', false, {
  wingspan: 36.08,
  length: 27.17,
  height: 8.92,
  maxTakeoffWeight: 2550,
  minRunwayLength: 1630,
});
export const citation = aircraft('a-2', 'N200', 'Citation CJ3', true);

export function profile(extra: Partial<ProfileDto> = {}): ProfileDto {
  return {
    ...pilot,
    role: 'pilot',
    preferredUnits: 'Standard',
    hasActiveSubscription: false,
    subscriptionPlanName: null,
    subscriptionCurrentPeriodEnd: null,
    ...extra,
  } as ProfileDto;
}

export const kbfi: AirportSearchResult = {
  id: 'ap-bfi',
  identifier: 'KBFI',
  code: 'BFI',
  name: 'Boeing Field King County International Airport',
  city: 'Seattle',
  state: 'WA',
};
export const kjfk: AirportSearchResult = {
  id: 'ap-jfk',
  identifier: 'KJFK',
  code: 'JFK',
  name: 'John F Kennedy International Airport',
  city: 'New York',
  state: 'NY',
};
export const kjac: AirportSearchResult = {
  id: 'ap-jac',
  identifier: 'KJAC',
  code: 'JAC',
  name: 'Jackson Hole Airport',
  city: 'Jackson',
  state: 'WY',
};

export const gateway: FboDto = {
  id: 'fbo-1',
  name: 'Demo FBO Gateway Aviation',
  phone: '+1 718 555 0101',
  logo: null,
};
export const skyline: FboDto = {
  id: 'fbo-2',
  name: 'Demo FBO Skyline Jet Center',
  phone: null,
  logo: null,
};

/** GET /api/airports/search: airports whose identifier, name or city contains the term. */
export const airportSearch: FakeRoute = (url) => {
  const q = (url.searchParams.get('q') ?? '').toLowerCase();
  const all = [kbfi, kjfk, kjac];
  return {
    status: 200,
    body: all.filter((a) => [a.identifier, a.name, a.city ?? ''].some((t) => t.toLowerCase().includes(q))),
  };
};

/** Routes of a signed-in pilot with two aircraft (the second is the default) and FBOs at KJFK. */
export function formRoutes(extra: Record<string, FakeRoute> = {}): Record<string, FakeRoute> {
  return {
    ...signedIn,
    'GET /api/user/aircraft': { status: 200, body: [skyhawk, citation] },
    'GET /api/user/profile': { status: 200, body: profile() },
    'GET /api/airports/search': airportSearch,
    'GET /api/airports/KJFK/fbos': { status: 200, body: { fbos: [gateway, skyline], discovery: 'none' } },
    'GET /api/airports/KBFI/fbos': { status: 200, body: { fbos: [], discovery: 'finished' } },
    ...extra,
  };
}

/** 'YYYY-MM-DD' of today plus `days`, in the browser's time zone. */
export function dayFromToday(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
