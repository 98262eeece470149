/**
 * The "open the add-aircraft dialog" intent of the Aircraft tab (spec section 2). It travels as data, never as an
 * imported constant: a link from anywhere (another feature, another remote) uses one of these addresses.
 * - `/account/aircraft/new`, the spec's route: sets a local flag, then redirects to `/account/aircraft`.
 * - `/account/aircraft?add=1`: the same intent as a query parameter (removed from the address once read).
 * Either way the tab opens its add dialog once.
 */
/** The query parameter form: `?add=1`. */
export const ADD_AIRCRAFT_PARAM = 'add';

/** The local flag set by /account/aircraft/new and cleared by the tab when it opens the dialog. */
export const OPEN_ADD_AIRCRAFT_FLAG = 'openAircraftModal';

export function setOpenAddAircraftFlag(): void {
  try {
    localStorage.setItem(OPEN_ADD_AIRCRAFT_FLAG, 'true');
  } catch {
    // storage unavailable: the tab simply does not open the dialog
  }
}

/** Reads and clears the flag. */
export function takeOpenAddAircraftFlag(): boolean {
  try {
    const set = localStorage.getItem(OPEN_ADD_AIRCRAFT_FLAG) === 'true';
    if (set) localStorage.removeItem(OPEN_ADD_AIRCRAFT_FLAG);
    return set;
  } catch {
    return false;
  }
}
