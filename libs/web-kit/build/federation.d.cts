import type { Configuration } from 'webpack';

export interface BundleOptions {
  dir: string;
  name: string;
  publicPath: string;
  exposes?: Record<string, string>;
  page?: boolean;
  devPort?: number;
  /** The shell: the dynamic imports every remote's page needs at once (remote-page-preload.json). */
  remotePagePreload?: RegExp;
  /** A remote: per route pattern, the request of its page's dynamic import (page-scripts.json). */
  pageScripts?: Record<string, RegExp>;
}

export interface SharedSingleton {
  singleton: true;
  requiredVersion: string;
  strictVersion: boolean;
  eager?: boolean;
}

export interface FederationOptions {
  name: string;
  filename?: string;
  exposes?: Record<string, string>;
  shared: Record<string, SharedSingleton>;
  shareStrategy: 'loaded-first' | 'version-first';
  [key: string]: unknown;
}

export declare const SHARED_SINGLETONS: readonly string[];
export declare function sharedFor(packageJson: {
  name: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}): Record<string, SharedSingleton>;
export declare function createBundleConfig(
  options: BundleOptions,
): (env?: Record<string, unknown>, argv?: { mode?: string }) => Configuration;
export declare function federationOptionsOf(webpackConfig: Configuration): FederationOptions;
export declare const EXPOSED_ROUTES_CHUNK: string;
/** Writes page-scripts.json: per route pattern, the .js files of its page's dynamic import. */
export declare class PageScriptsList {
  constructor(pages: Record<string, RegExp>);
  apply(compiler: import('webpack').Compiler): void;
}

export interface StandaloneOptions {
  dir: string;
  publicPath: string;
  devPort?: number;
  /** The bundle's own webpack aliases (mf-fbo-portal: Preact's React compatibility layer). */
  alias?: Record<string, string>;
  /** The page once more as `filename`, loading its scripts from `prefix` (served by another host under a prefix). */
  alsoAt?: { filename: string; prefix: string; preload?: RegExp };
}
export declare function createStandaloneConfig(
  options: StandaloneOptions,
): (env?: Record<string, unknown>, argv?: { mode?: string }) => Configuration;
export declare function resolveOptions(production: boolean): NonNullable<Configuration['resolve']>;
export declare function moduleOptions(production: boolean): NonNullable<Configuration['module']>;
export declare function minimizers(): NonNullable<NonNullable<Configuration['optimization']>['minimizer']>;
export declare const webpack: typeof import('webpack');
