/** @jest-environment node */
import { webpack } from '@rampquote/web-kit/build/federation.cjs';
import type { Configuration, Stats } from 'webpack';

const remoteConfig: (env: object, argv: { mode: string }) => Configuration = require('../webpack.config.js');

/** Builds the remote as it ships (no files written, not minified); the modules each page's lazy import loads. */
async function pageModules(): Promise<(page: RegExp) => string[]> {
  const config = remoteConfig({}, { mode: 'production' });
  const compiler = webpack({
    ...config,
    output: { ...config.output, clean: false, compareBeforeEmit: false },
    optimization: { ...config.optimization, minimize: false },
  });
  compiler.outputFileSystem = {
    mkdir: (_dir: string, options: unknown, callback?: (err: null) => void) =>
      (typeof options === 'function' ? options : callback)?.(null),
    writeFile: (_file: string, _data: unknown, callback: (err: null) => void) => callback(null),
  } as unknown as typeof compiler.outputFileSystem;
  const stats = await new Promise<Stats>((resolve, reject) =>
    compiler.run((err, result) => (err || !result ? reject(err) : resolve(result))),
  );
  await new Promise((resolve) => compiler.close(resolve));
  if (stats.hasErrors()) throw new Error(stats.toString('errors-only'));
  const { chunkGroups, chunkGraph } = stats.compilation;
  return (page) =>
    chunkGroups
      .filter((group) => group.origins.some((origin) => page.test(origin.request ?? '')))
      .flatMap((group) => group.chunks.flatMap((chunk) => [...chunkGraph.getChunkModulesIterable(chunk)]))
      // Modules concatenated into one (scope hoisting) counted one by one.
      .flatMap((module) => [...((module as { modules?: Iterable<typeof module> }).modules ?? [module])])
      .map((module) => module.identifier());
}

const zod = (modules: string[]) => modules.filter((id) => /[\\/]node_modules[\\/]zod[\\/]/.test(id));

describe("the pages' own bundles", () => {
  let modulesOf: (page: RegExp) => string[];
  beforeAll(async () => {
    modulesOf = await pageModules();
  });

  it('request details load no zod: the page stores an amendment draft and shows statuses without the schemas', () => {
    const details = modulesOf(/[\\/]QuoteDetailsPage$/);
    expect(details.some((id) => /QuoteDetailsPage\.tsx$/.test(id))).toBe(true);
    expect(zod(details)).toEqual([]);
  });

  it('My Quotes loads no zod either', () => {
    const history = modulesOf(/[\\/]HistoryPage$/);
    expect(history.some((id) => /HistoryPage\.tsx$/.test(id))).toBe(true);
    expect(zod(history)).toEqual([]);
  });

  it('the review page, which checks the stored draft against the request schema, loads zod with it', () => {
    const review = modulesOf(/[\\/]QuoteReviewPage$/);
    expect(review.some((id) => /quote-draft-reading\.ts$/.test(id))).toBe(true);
    expect(zod(review).length).toBeGreaterThan(0);
  });
});
