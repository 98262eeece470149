import { useDispatch } from 'react-redux';
import type { AppDispatch } from './create-app-store';

/**
 * The one store's dispatch, typed. Bundles reach Redux only through web-kit (react-redux and Redux Toolkit are not
 * shared on their own: web-kit holds the one store, its Provider and the one api), so this is how a page dispatches.
 */
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
