/** @jest-environment node */
import { federationOptionsOf, SHARED_SINGLETONS } from '@rampquote/web-kit/build/federation.cjs';
import routesModule, { routes } from './routes';

const webpackConfig = require('../webpack.config.js')({}, { mode: 'production' });

describe('mf-quotes remote', () => {
  it('exposes ./routes with a route list', () => {
    expect(Array.isArray(routes)).toBe(true);
    expect(routesModule).toBe(routes);
    expect(federationOptionsOf(webpackConfig)).toMatchObject({ name: 'quotes', exposes: { './routes': './src/routes.tsx' }, shareStrategy: 'loaded-first' });
  });

  it('shares react, react-dom (with its subpaths) and web-kit as singletons, never eagerly; Redux only inside web-kit', () => {
    const shared = federationOptionsOf(webpackConfig).shared;
    expect(Object.keys(shared).sort()).toEqual(['@rampquote/web-kit', 'react', 'react-dom', 'react-dom/']);
    for (const key of SHARED_SINGLETONS) {
      expect(shared[key]).toMatchObject({ singleton: true, requiredVersion: expect.any(String) });
      expect(shared[key].eager).toBeUndefined();
    }
    expect(webpackConfig.output.publicPath).toBe('auto');
  });
});
