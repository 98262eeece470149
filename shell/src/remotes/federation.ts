import type { RemotesConfig } from '@rampquote/contracts';
import type { RouteObject } from '@rampquote/web-kit';
import {
  loadRemote,
  registerPlugins,
  registerRemotes,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import { fetchRemotesConfig, inlinedRemotesConfig, routesOf, type RemoteRegistry } from './remote-registry';

export interface RemoteFailure {
  id: string;
  lifecycle: string;
  message: string;
}

/**
 * Runtime plugin: every failure to load a remote (unreachable manifest or entry, a shared version mismatch,
 * a missing expose) is reported here. It returns nothing, so loadRemote still rejects and the remote's error
 * boundary shows its notice; the rest of the site is not affected.
 */
export function remoteFailureReporter(onFailure: (failure: RemoteFailure) => void): ModuleFederationRuntimePlugin {
  return {
    name: 'rampquote-remote-failure-reporter',
    errorLoadRemote(args) {
      const message = args.error instanceof Error ? args.error.message : String(args.error);
      onFailure({ id: args.id, lifecycle: args.lifecycle, message });
      return undefined;
    },
  };
}

/**
 * The browser registry: reads /remotes.json once, registers each remote by its mf-manifest.json with the
 * federation runtime (nothing is fetched from a remote until one of its routes is visited), and loads
 * `<name>/routes` lazily.
 */
export function createFederationRegistry(): RemoteRegistry {
  registerPlugins([
    remoteFailureReporter((failure) => {
      console.error(`[remotes] ${failure.id} failed (${failure.lifecycle}): ${failure.message}`);
    }),
  ]);

  let configPromise: Promise<RemotesConfig> | undefined;
  let current: RemotesConfig | undefined;
  const routeCache = new Map<string, Promise<RouteObject[]>>();

  const config = () => {
    // The list the gateway inlined in the page, else /remotes.json.
    const inlined = configPromise ? undefined : inlinedRemotesConfig();
    configPromise ??= (inlined ? Promise.resolve(inlined) : fetchRemotesConfig()).then((loaded) => {
      current = loaded;
      registerRemotes(loaded.remotes.map((remote) => ({ name: remote.name, entry: remote.entry })));
      return loaded;
    });
    return configPromise;
  };

  return {
    config,
    routes(name) {
      let promise = routeCache.get(name);
      if (!promise) {
        promise = loadRemote<unknown>(`${name}/routes`).then((module) => routesOf(name, module));
        routeCache.set(name, promise);
      }
      return promise;
    },
    retry(name) {
      if (!name) {
        configPromise = undefined;
        return;
      }
      routeCache.delete(name);
      const remote = current?.remotes.find((r) => r.name === name);
      // force: drops the runtime's cached manifest and entry of this remote so they are fetched again.
      if (remote) registerRemotes([{ name: remote.name, entry: remote.entry }], { force: true });
    },
  };
}
