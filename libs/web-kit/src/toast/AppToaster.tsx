import { createElement, useEffect, useState, type ComponentType } from 'react';
import { toaster, TOAST_HOTKEY } from './toaster';

type Region = ComponentType;

let loaded: Region | undefined;
let loading: Promise<Region> | undefined;

/** Fetches the notification region's chunk (Chakra's Toaster and the toast state machines) once per page. */
export function loadToasterRegion(): Promise<Region> {
  loading ??= import(/* webpackChunkName: "web-kit-toaster" */ './ToasterRegion').then(
    (module) => (loaded = module.ToasterRegion),
  );
  return loading;
}

const INTERACTIONS = ['pointerdown', 'keydown'] as const;

/**
 * The notification region. The shell renders it once, outside the routes, so it exists on every screen.
 *
 * The toaster store (`toaster`, `toast()`) is created with the page, so a toast can be raised at any time; the
 * region's code (about 11 KB gzip: the toast state machines, Chakra's Toaster) is fetched on the first toast or the
 * visitor's first interaction (a click, a tap, a key — F8 included), whichever comes first, so a visitor who only
 * reads the home page does not download it. Toasts follow an action, so the region is normally in place
 * before the first one arrives (screen readers announce it in the live region); a toast raised earlier is shown as
 * soon as the region arrives. F8 pressed before that moves focus to the region once it is there.
 */
export function AppToaster() {
  const [region, setRegion] = useState<{ Region: Region } | null>(loaded ? { Region: loaded } : null);
  const [focusOnArrival, setFocusOnArrival] = useState(false);

  useEffect(() => {
    if (region) return;
    let active = true;
    let listening = true;
    const load = (event?: Event) => {
      if (event instanceof KeyboardEvent && TOAST_HOTKEY.every((key) => event.code === key || event.key === key))
        setFocusOnArrival(true);
      stop();
      void loadToasterRegion().then((Region) => {
        if (active) setRegion({ Region });
      });
    };
    const unsubscribe = toaster.subscribe(() => load());
    for (const type of INTERACTIONS) window.addEventListener(type, load, { capture: true, passive: true });
    function stop() {
      // Once only: the store's unsubscribe removes the LAST subscriber when called for one already gone.
      if (!listening) return;
      listening = false;
      unsubscribe();
      for (const type of INTERACTIONS) window.removeEventListener(type, load, { capture: true });
    }
    if (toaster.getVisibleToasts().length > 0) load();
    return () => {
      active = false;
      stop();
    };
  }, [region]);

  useEffect(() => {
    if (!region || !focusOnArrival) return;
    // The region renders in a portal: focus it on the next frame, as the Toaster's own F8 handler would have.
    const frame = requestAnimationFrame(() => {
      document.querySelector<HTMLElement>('[data-scope="toast"][data-part="group"]')?.focus();
      setFocusOnArrival(false);
    });
    return () => cancelAnimationFrame(frame);
  }, [region, focusOnArrival]);

  return region ? createElement(region.Region) : null;
}
