import { Portal, Spinner, Stack, Toast, Toaster } from '@chakra-ui/react';
import { useRef, type PointerEvent } from 'react';
import { addToastRecipe } from './toast-recipe';
import { isDismissingSwipe, toaster, TOAST_VIEWPORT_MAX_WIDTH_MD } from './toaster';

addToastRecipe();

interface SwipeState {
  id: string;
  startX: number;
  pointerId: number;
}

/**
 * The notification region itself (Chakra's Toaster: the toast state machines, swipe to dismiss, F8). AppToaster
 * loads this module when it is first needed; its toast recipe comes with it.
 */
export function ToasterRegion() {
  const swipe = useRef<SwipeState | null>(null);

  const onPointerDown = (id: string) => (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    if ((event.target as HTMLElement).closest('button')) return;
    swipe.current = { id, startX: event.clientX, pointerId: event.pointerId };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const state = swipe.current;
    if (!state || state.pointerId !== event.pointerId) return;
    event.currentTarget.style.translate = `${event.clientX - state.startX}px 0`;
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    const state = swipe.current;
    if (!state || state.pointerId !== event.pointerId) return;
    swipe.current = null;
    event.currentTarget.style.translate = '';
    if (event.type === 'pointerup' && isDismissingSwipe(event.clientX - state.startX)) toaster.dismiss(state.id);
  };

  return (
    <Portal>
      <Toaster toaster={toaster} insetInline={{ mdDown: '4' }} maxWidth={{ md: TOAST_VIEWPORT_MAX_WIDTH_MD }}>
        {(item) => (
          <Toast.Root
            width={{ md: TOAST_VIEWPORT_MAX_WIDTH_MD }}
            touchAction="pan-y"
            data-testid="toast"
            onPointerDown={onPointerDown(item.id as string)}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerEnd}
            onPointerCancel={onPointerEnd}
          >
            {item.type === 'loading' ? <Spinner size="sm" color="brand.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {item.title ? <Toast.Title>{item.title}</Toast.Title> : null}
              {item.description ? <Toast.Description>{item.description}</Toast.Description> : null}
            </Stack>
            {item.closable ? <Toast.CloseTrigger aria-label="Dismiss notification" /> : null}
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  );
}
