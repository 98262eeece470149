import { Injectable } from '@nestjs/common';

/** The time billing rules use (subscription periods, card expiry). Tests move it with `jest.spyOn(clock, 'now')`. */
@Injectable()
export class BillingClock {
  now(): Date {
    return new Date();
  }
}

/** The same day and time one calendar month later, on the last day of a shorter month (Jan 31 → Feb 28/29). */
export function addMonth(date: Date): Date {
  const next = new Date(date.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}
