import { EXPOSED_ROUTES_FILE } from '@rampquote/contracts';
import { EXPOSED_ROUTES_CHUNK, federationOptionsOf, SHARED_SINGLETONS } from '../../build/federation.cjs';

/**
 * For tests only: the federation contract every remote keeps with the shell (each remote's federation.spec.ts).
 * `webpackConfig` is the remote's built production config; `routesModule` its `./routes` module as imported.
 */
export function describeRemoteBundle(
  name: string,
  webpackConfig: Parameters<typeof federationOptionsOf>[0],
  routesModule: { default: unknown; routes: unknown },
): void {
  describe(`mf-${name.replace('_', '-')} remote`, () => {
    it('exposes ./routes with a route list', () => {
      expect(Array.isArray(routesModule.routes)).toBe(true);
      expect(routesModule.default).toBe(routesModule.routes);
      expect(federationOptionsOf(webpackConfig)).toMatchObject({
        name,
        exposes: { './routes': './src/routes.tsx' },
        shareStrategy: 'loaded-first',
      });
    });

    it('uses the federation runtime the shell provides instead of carrying its own in its entry', () => {
      expect(federationOptionsOf(webpackConfig).experiments).toMatchObject({ externalRuntime: true });
    });

    it("names its ./routes chunk with the fixed file the gateway preloads, and hashes every other chunk's name", () => {
      const chunkFilename = webpackConfig.output?.chunkFilename;
      expect(typeof chunkFilename).toBe('function');
      const nameOf = (chunkName: string) =>
        (chunkFilename as (pathData: { chunk: { name: string } }) => string)({ chunk: { name: chunkName } });
      expect(nameOf(EXPOSED_ROUTES_CHUNK).replace('[name]', EXPOSED_ROUTES_CHUNK)).toBe(EXPOSED_ROUTES_FILE);
      expect(nameOf('web-kit-heavy')).toBe('[name].[contenthash:8].js');
    });

    it('shares react, react-dom (with its subpaths) and web-kit as singletons, never eagerly; Redux only inside web-kit', () => {
      const shared = federationOptionsOf(webpackConfig).shared;
      expect(Object.keys(shared).sort()).toEqual(['@rampquote/web-kit', 'react', 'react-dom', 'react-dom/']);
      for (const key of SHARED_SINGLETONS) {
        expect(shared[key]).toMatchObject({ singleton: true, requiredVersion: expect.any(String) });
        expect(shared[key].eager).toBeUndefined();
      }
      expect(webpackConfig.output?.publicPath).toBe('auto');
    });
  });
}
