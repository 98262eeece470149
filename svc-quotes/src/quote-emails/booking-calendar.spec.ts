import { bookingCalendar, calendarSequence } from './booking-calendar';

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
    version: 1,
  };

  it('is one event from arrival to departure at the airport, with the FBO and the quote ID', () => {
    const ics = bookingCalendar(request, 'Rainier Jet; Center', 'requested', { now: new Date('2030-04-01T00:00:00Z') });
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
    const ics = bookingCalendar(request, 'Rainier', 'cancelled');
    expect(ics).toContain('METHOD:CANCEL');
    expect(ics).toContain('STATUS:CANCELLED');
    expect(ics).toContain(`SEQUENCE:${calendarSequence(1, 'cancelled')}`);
  });

  it('numbers every entry after the ones a calendar may already hold, across versions and steps', () => {
    const sent = [
      calendarSequence(1, 'requested'),
      calendarSequence(2, 'amended'),
      calendarSequence(3, 'amended'),
      calendarSequence(3, 'confirmed'),
      calendarSequence(3, 'cancelled'),
    ];
    expect([...sent].sort((a, b) => a - b)).toEqual(sent);
    expect(new Set(sent).size).toBe(sent.length);
    expect(calendarSequence(1, 'cancelled')).toBeLessThan(calendarSequence(2, 'amended'));
    const moved = bookingCalendar(
      { ...request, version: 2, arrivalDate: new Date('2030-05-02T09:30:00Z') },
      'Rainier',
      'amended',
    );
    expect(moved).toContain('METHOD:REQUEST');
    expect(moved).toContain('DTSTART:20300502T093000Z');
    expect(moved).toContain(`SEQUENCE:${calendarSequence(2, 'amended')}`);
    expect(calendarSequence(2, 'amended')).toBeGreaterThan(calendarSequence(1, 'confirmed'));
  });
});
