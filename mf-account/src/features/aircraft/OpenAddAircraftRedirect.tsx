import { Navigate } from '@rampquote/web-kit';
import { setOpenAddAircraftFlag } from './open-add-aircraft';

/** /account/aircraft/new: sets the open-add-dialog flag, then shows the aircraft tab (spec section 2). */
export function OpenAddAircraftRedirect() {
  setOpenAddAircraftFlag();
  return <Navigate to="/account/aircraft" replace />;
}
