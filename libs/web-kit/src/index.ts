/**
 * @rampquote/web-kit — what every bundle shares (ARCHITECTURE section 5). Shared as a singleton by Module
 * Federation: one api, one store type, one Chakra system, one router context, one toaster.
 * Bundles import Chakra components and router pieces ONLY from here.
 */

// The one RTK Query api and its errors (spec sections 7 and 8), and RTK Query's retry for an endpoint's own base
// query. Bundles reach Redux Toolkit and react-redux only through web-kit (neither is shared on its own).
export { api, baseQuery, errorMessage, isApiError, retry, TAG_TYPES, DEFAULT_KEEP_UNUSED_DATA_FOR_S } from './api/api';
export type { ApiError, TagType } from './api/api';
export { buildErrorMessage, UNEXPECTED_ERROR } from './api/error-message';

// Session.
export {
  sessionApi,
  useLoginMutation,
  useLogoutMutation,
  useMeQuery,
  useRegisterMutation,
} from './session/session-api';
export { useSession } from './session/useSession';
export { fboMembershipsApi, landingAfterSignIn, useFboMemberships } from './session/fbo-memberships';
export type { FboMemberships } from './session/fbo-memberships';
export type { Session, SessionStatus } from './session/useSession';

// Store.
export { createAppStore, rootReducer } from './store/create-app-store';
export { useAppDispatch } from './store/use-app-dispatch';
export type { AppDispatch, AppStore, RootState } from './store/create-app-store';

// Look and providers.
export { system } from './theme/system';
export { WebKitProvider } from './theme/WebKitProvider';
export type { WebKitProviderProps } from './theme/WebKitProvider';

// Notifications.
export {
  INVITE_ONLY_TOAST_DURATION_MS,
  isDismissingSwipe,
  toast,
  toaster,
  TOAST_DEFAULT_DURATION_MS,
  TOAST_HOTKEY,
  TOAST_MAX_VISIBLE,
  TOAST_REMOVE_DELAY_MS,
  TOAST_SWIPE_THRESHOLD_PX,
  TOAST_VIEWPORT_MAX_WIDTH_MD,
} from './toast/toaster';
export type { ToastOptions, ToastType } from './toast/toaster';
export { AppToaster } from './toast/AppToaster';

// Page meta.
export { applyPageMeta, DEFAULT_SOCIAL_IMAGE, documentTitle, SITE_NAME, usePageMeta } from './meta/usePageMeta';
export type { PageMeta } from './meta/usePageMeta';

// Forms.
export { FormInput } from './forms/FormInput';

// Dialogs.
export { ConfirmDialog } from './components/ConfirmDialog';
export type { ConfirmDialogProps } from './components/ConfirmDialog';
export { PageErrorBoundary } from './components/PageErrorBoundary';
export type { PageErrorBoundaryProps } from './components/PageErrorBoundary';

// Chakra UI: exactly the components the bundles use (add here when a bundle needs another one, and add its
// recipe to theme/config.ts).
export {
  Badge,
  Box,
  Button,
  Card,
  Center,
  chakra,
  Container,
  Field,
  Flex,
  Grid,
  GridItem,
  Group,
  Heading,
  HStack,
  IconButton,
  Input,
  InputGroup,
  Link,
  List,
  Portal,
  Separator,
  SimpleGrid,
  Skeleton,
  Span,
  Spinner,
  Stack,
  Text,
  Textarea,
  VisuallyHidden,
  VStack,
  Wrap,
} from '@chakra-ui/react';
export type { ButtonProps } from '@chakra-ui/react';
// The heavy ones (state machines, big markup) and alerts (other pages' notices): in the federated bundles
// they load on first render (chakra/heavy.lazy.tsx), so the first page does not carry them.
// A page that shows one at once loads them with its own code (preloadHeavyComponents), so nothing pops in under it.
export {
  Alert,
  Checkbox,
  Dialog,
  Menu,
  NativeSelect,
  Progress,
  RadioGroup,
  Switch,
  Table,
  Tabs,
  preloadHeavyComponents,
} from './chakra/heavy';

// react-router: exactly the pieces the bundles use. Pages route declaratively (BrowserRouter + useRoutes): the data
// router is not exported, so it is not shipped (tests use it from ./testing/data-router).
export {
  BrowserRouter,
  Link as RouterLink,
  matchPath,
  Navigate,
  Outlet,
  useLocation,
  useNavigate,
  useRoutes,
  useSearchParams,
} from 'react-router';
export type { RouteObject } from 'react-router';

// shell (support form): the field context, for a control Chakra's Field does not wire itself (a textarea).
export { useFieldContext } from '@chakra-ui/react';
