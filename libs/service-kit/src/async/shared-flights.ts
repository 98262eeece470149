/**
 * One piece of work per key at a time: `run(key, start)` starts the work, or, while work under the same key is on its
 * way, answers with that work's promise instead. A key is forgotten as soon as its work settles (fulfilled or failed),
 * so nothing is kept: what to remember afterwards is the caller's cache. Put into the key whatever must match for an
 * answer to be shared (a data version, a cache generation).
 */
export function sharedFlights<T>(): (key: string, start: () => Promise<T>) => Promise<T> {
  const flights = new Map<string, Promise<T>>();
  return (key, start) => {
    const pending = flights.get(key);
    if (pending) return pending;
    const flight = start();
    flights.set(key, flight);
    const land = () => {
      if (flights.get(key) === flight) flights.delete(key);
    };
    flight.then(land, land);
    return flight;
  };
}
