// What web-kit's index and its own components import the heavy Chakra components from. Tests, type checks and
// the standalone pages use these eager re-exports; the federated bundles get heavy.lazy.tsx instead
// (libs/web-kit/build/federation.cjs, lazyHeavyComponents).
export * from './heavy-components';

/** Here the components are already loaded; in the federated bundles this fetches their chunk (heavy.lazy.tsx). */
export function preloadHeavyComponents(): Promise<unknown> {
  return Promise.resolve();
}
