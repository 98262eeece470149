import type {
  EstimatePageDataDto,
  EstimatePageServices,
  FboInboxRowDto,
  FboServiceDto,
  UserDto,
} from '@rampquote/contracts';

export const FBO_ID = '8a4c8f0e-1d2b-4c3d-9e4f-5a6b7c8d9e0f';
export const TOKEN = 'Zk1c2VjcmV0LXRva2VuLWZvci10ZXN0cy1vbmx5LTAwMQ';
export const INVITATION_ID = '0f9e8d7c-6b5a-4f3e-8d2c-1b0a9f8e7d6c';
export const LINK_URL = `/quote/${FBO_ID}/${TOKEN}`;
export const PAGE_CALL = `GET /api/fbo-quote/${FBO_ID}/${TOKEN}`;
export const SUBMIT_CALL = `POST /api/fbo-quote/${FBO_ID}/${TOKEN}/submit`;
export const DECLINE_CALL = `POST /api/fbo-quote/${FBO_ID}/${TOKEN}/decline`;
export const CATALOGUE_CALL = 'GET /api/fbo-services';

const NO_SERVICES: EstimatePageServices = {
  fuel: false,
  fuelEstimatedAmount: null,
  fuel100LL: false,
  fuelJetA: false,
  fuelJetA1: false,
  fuelJP4: false,
  fuelMOGAS: false,
  fuelBiodiesel: false,
  hangar: false,
  hangarTypeOvernight: false,
  hangarTypeStandard: false,
  hangarTypeHeated: false,
  cleaning: false,
  cleaningInterior: false,
  cleaningExterior: false,
  cleaningDetail: false,
  lavService: false,
  lavServiceType: null,
  catering: false,
  coffee: false,
  ice: false,
  icePounds: null,
  potableWater: false,
  potableWaterGallons: null,
  gpu: false,
  newspapers: false,
  newspapersSets: null,
};

/** Fuel (250 gal Jet A), hangar (overnight), coffee and ice requested. */
export function pageData(
  overrides: Partial<EstimatePageDataDto> = {},
  services: Partial<EstimatePageServices> = {},
): EstimatePageDataDto {
  const merged: EstimatePageServices = {
    ...NO_SERVICES,
    fuel: true,
    fuelEstimatedAmount: 250,
    fuelJetA: true,
    hangar: true,
    hangarTypeOvernight: true,
    coffee: true,
    ice: true,
    icePounds: 8,
    ...services,
  };
  const keys: EstimatePageDataDto['requestedKeys'] = [];
  if (merged.fuel) keys.push('dedicatedFuel', 'fuel');
  if (merged.hangar) keys.push('hangar');
  if (merged.cleaning) keys.push('cleaning');
  if (merged.lavService) keys.push('lavatory');
  if (merged.catering) keys.push('catering');
  if (merged.coffee) keys.push('coffee');
  if (merged.ice) keys.push('ice');
  if (merged.potableWater) keys.push('potableWater');
  if (merged.gpu) keys.push('gpu');
  if (merged.newspapers) keys.push('newspapers');
  return {
    state: 'open',
    invitationId: INVITATION_ID,
    quoteRequest: {
      id: 'qr-1',
      uniqueId: 'RQ-7K2M9P',
      services: merged,
      fuelAmount: merged.fuelEstimatedAmount,
      fuelType: merged.fuelJetA ? 'Jet A' : null,
      arrivalDate: '2030-05-01T18:00:00.000Z',
      departureDate: '2030-05-03T18:00:00.000Z',
      notes: null,
    },
    user: {
      companyName: 'Skyline Charter',
      firstName: 'Pat',
      lastName: 'Pilot',
      jobTitle: 'Chief Pilot',
      phoneNumber: '+1 206 555 0199',
      email: 'pat@skyline.example',
    },
    aircraft: { tailNumber: 'N123SK', make: 'Cessna', model: 'Citation CJ3' },
    airport: { identifier: 'KSEA', name: 'Seattle-Tacoma International', city: 'Seattle', state: 'WA' },
    departureAirport: { identifier: 'KBFI', name: 'Boeing Field', city: 'Seattle', state: 'WA' },
    fbo: { id: FBO_ID, name: 'Demo FBO Seattle Jet Center' },
    requestedKeys: keys,
    defaultValidUntil: new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString(),
    estimate: null,
    declined: null,
    ...overrides,
  };
}

export const CATALOGUE: FboServiceDto[] = [
  { id: 'towing', serviceName: 'Aircraft towing' },
  { id: 'crew-car', serviceName: 'Crew car' },
  { id: 'oxygen', serviceName: 'Oxygen service' },
  { id: 'deicing', serviceName: 'De-icing' },
];

export const FBO_USER: UserDto = {
  id: 'u-fbo',
  username: 'frontdesk',
  email: 'demo-fbo-ksea-1@example.com',
  role: 'fbo',
  firstName: 'Fran',
  lastName: 'Desk',
  companyName: null,
};
export const PILOT_USER: UserDto = {
  id: 'u-pilot',
  username: 'pilot',
  email: 'pilot@rampquote.dev',
  role: 'pilot',
  firstName: 'Pat',
  lastName: 'Pilot',
  companyName: null,
};

export function inboxRow(overrides: Partial<FboInboxRowDto> = {}): FboInboxRowDto {
  return {
    invitationId: INVITATION_ID,
    quoteRequestId: 'qr-1',
    uniqueId: 'RQ-7K2M9P',
    state: 'open',
    createdAt: '2030-04-20T10:00:00.000Z',
    respondedAt: null,
    fbo: { id: FBO_ID, name: 'Demo FBO Seattle Jet Center' },
    airport: { identifier: 'KSEA', name: 'Seattle-Tacoma International' },
    departureAirport: { identifier: 'KBFI', name: 'Boeing Field' },
    arrivalDate: '2030-05-01T18:00:00.000Z',
    departureDate: '2030-05-03T18:00:00.000Z',
    requester: { name: 'Pat Pilot', companyName: 'Skyline Charter' },
    aircraft: { tailNumber: 'N123SK', make: 'Cessna', model: 'Citation CJ3' },
    requestedServices: ['Fuel: Jet A, 250 gal', 'Hangar (overnight)'],
    ...overrides,
  };
}
