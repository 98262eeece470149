import { createElement, Suspense, use, type ComponentType } from 'react';
import type * as HeavyComponents from './heavy-components';

/**
 * The heavy Chakra components (./heavy-components), loaded on first render instead of with the first page.
 *
 * web-kit is a shared module, and a shared module is never tree shaken: everything it exports reaches the first
 * page. This module keeps the same exports (the same namespaces: `Dialog.Root`, `Checkbox.Control`, ...) but
 * each part renders the real component from a chunk fetched the first time any of them renders. The chunk
 * belongs to the bundle that provides web-kit, so the components share its Chakra and React contexts.
 * Until the chunk arrives (once per page load) a part renders nothing inside its own Suspense boundary, so the
 * page around it never falls back to a loading screen.
 */
type Heavy = typeof HeavyComponents;
type NamespaceName = keyof Heavy;

let loaded: Heavy | undefined;
let loading: Promise<Heavy> | undefined;

function load(): Promise<Heavy> {
  loading ??= import(/* webpackChunkName: "web-kit-heavy" */ './heavy-components').then((module) => (loaded = module));
  return loading;
}

function lazyPart(namespace: NamespaceName, part: string): ComponentType<Record<string, unknown>> {
  const componentOf = (module: Heavy) =>
    (module[namespace] as unknown as Record<string, ComponentType<Record<string, unknown>>>)[part];
  function Loaded(props: Record<string, unknown>) {
    const module = loaded ?? use(load());
    return createElement(componentOf(module), props);
  }
  // Always the same element shape (Suspense > Loaded), before and after the chunk arrives: no remount, no lost state.
  function LazyPart(props: Record<string, unknown>) {
    return createElement(Suspense, { fallback: null }, createElement(Loaded, props));
  }
  LazyPart.displayName = `${namespace}.${part}`;
  return LazyPart;
}

function lazyNamespace<N extends NamespaceName>(namespace: N): Heavy[N] {
  const parts = new Map<string, ComponentType<Record<string, unknown>>>();
  return new Proxy({} as Heavy[N], {
    get(_target, key) {
      // Parts are capitalised components (Root, Control, ...); anything else (then, toJSON, symbols) is not a part.
      if (typeof key !== 'string' || !/^[A-Z]/.test(key)) return undefined;
      let component = parts.get(key);
      if (!component) {
        component = lazyPart(namespace, key);
        parts.set(key, component);
      }
      return component;
    },
  });
}

export const Alert = lazyNamespace('Alert');
export const Checkbox = lazyNamespace('Checkbox');
export const Dialog = lazyNamespace('Dialog');
export const Menu = lazyNamespace('Menu');
export const NativeSelect = lazyNamespace('NativeSelect');
export const Progress = lazyNamespace('Progress');
export const RadioGroup = lazyNamespace('RadioGroup');
export const Switch = lazyNamespace('Switch');
export const Table = lazyNamespace('Table');
export const Tabs = lazyNamespace('Tabs');

/** Starts fetching the heavy components now (e.g. when a page that shows one is about to open). */
export function preloadHeavyComponents(): Promise<unknown> {
  return load();
}
