import { tripDurationDays, visitIsOver } from './quote-views';

describe('request views', () => {
  it('counts the trip in days, rounded up (spec section 9)', () => {
    const arrival = new Date('2030-05-01T12:00:00Z');
    expect(tripDurationDays(arrival, new Date('2030-05-03T12:00:00Z'))).toBe(2);
    expect(tripDurationDays(arrival, new Date('2030-05-03T13:00:00Z'))).toBe(3);
    expect(tripDurationDays(arrival, null)).toBeNull();
  });

  it('treats a visit as over once the departure (else the arrival) has passed', () => {
    const now = new Date('2030-05-02T00:00:00Z');
    expect(
      visitIsOver(
        { arrivalDate: new Date('2030-05-01T00:00:00Z'), departureDate: new Date('2030-05-03T00:00:00Z') },
        now,
      ),
    ).toBe(false);
    expect(visitIsOver({ arrivalDate: new Date('2030-05-01T00:00:00Z'), departureDate: null }, now)).toBe(true);
    expect(visitIsOver({ arrivalDate: null, departureDate: null }, now)).toBe(false);
  });
});
