import { bookingCalendar } from './booking-calendar';

describe('bookingCalendar (the .ics of a booking)', () => {
  const request = {
    id: '5f0c8a52-1b7e-4d3a-9f3e-1c2d3e4f5a6b',
    uniqueId: 'RQ-ABC234',
    airport: {
      id: 'a',
      identifier: 'KSEA',
      code: 'SEA',
      name: 'Seattle-Tacoma International',
      city: 'Seattle',
      state: 'WA',
    },
    arrivalDate: new Date('2030-05-01T12:00:00Z'),
    departureDate: new Date('2030-05-03T07:00:00Z'),
  };

  it('is one event from arrival to departure at the airport, with the FBO and the quote ID', () => {
    const ics = bookingCalendar(request, 'Rainier Jet; Center', { now: new Date('2030-04-01T00:00:00Z') });
    const lines = ics.split('\r\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'BEGIN:VCALENDAR',
        'METHOD:REQUEST',
        'UID:booking-5f0c8a52-1b7e-4d3a-9f3e-1c2d3e4f5a6b@rampquote',
        'DTSTART:20300501T120000Z',
        'DTEND:20300503T070000Z',
        'SUMMARY:KSEA: Rainier Jet\\; Center (RQ-ABC234)',
        'STATUS:CONFIRMED',
        'END:VCALENDAR',
      ]),
    );
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(lines.every((l) => l.length <= 75)).toBe(true);
  });

  it('cancels the same event', () => {
    const ics = bookingCalendar(request, 'Rainier', { method: 'CANCEL', sequence: 1 });
    expect(ics).toContain('METHOD:CANCEL');
    expect(ics).toContain('STATUS:CANCELLED');
    expect(ics).toContain('SEQUENCE:1');
  });
});
