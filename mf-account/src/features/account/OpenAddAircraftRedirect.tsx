import { Navigate } from '@rampquote/web-kit';

/** Local flag that makes the aircraft tab open its add dialog once (spec section 2). */
export const OPEN_AIRCRAFT_MODAL_KEY = 'openAircraftModal';

/** /account/aircraft/new: sets the flag, then shows the aircraft tab. */
export function OpenAddAircraftRedirect() {
  try {
    localStorage.setItem(OPEN_AIRCRAFT_MODAL_KEY, 'true');
  } catch {
    // storage unavailable: the tab simply does not open the dialog
  }
  return <Navigate to="/account/aircraft" replace />;
}
