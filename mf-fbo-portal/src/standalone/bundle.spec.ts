/** @jest-environment node */
import { webpack } from '@rampquote/web-kit/build/federation.cjs';
import type { Configuration, Stats } from 'webpack';

const standaloneConfig: (
  env: object,
  argv: { mode: string },
) => Configuration = require('../../webpack.standalone.config.js');
const { PureContractDeclarations } = require('@rampquote/web-kit/build/pure-contracts.cjs');

/** Builds `source` as the standalone page's entry (its real resolve rules and plugins); the emitted scripts' text. */
async function buildPage(source: string): Promise<{ scripts: string; modules: string[] }> {
  const config = standaloneConfig({}, { mode: 'production' });
  const compiler = webpack({
    ...config,
    entry: { main: `data:text/javascript,${encodeURIComponent(source)}` },
    output: { ...config.output, clean: false, compareBeforeEmit: false },
    optimization: { ...config.optimization, minimize: false },
    // Only the JavaScript: no HTML pages, no precompressed copies.
    plugins: (config.plugins ?? []).filter((plugin) => plugin instanceof PureContractDeclarations),
  });
  const scripts: string[] = [];
  compiler.outputFileSystem = {
    mkdir: (_dir: string, options: unknown, callback?: (err: null) => void) =>
      (typeof options === 'function' ? options : callback)?.(null),
    writeFile: (file: string, data: Buffer | string, callback: (err: null) => void) => {
      if (file.endsWith('.js')) scripts.push(data.toString());
      callback(null);
    },
  } as unknown as typeof compiler.outputFileSystem;
  const stats = await new Promise<Stats>((resolve, reject) =>
    compiler.run((err, result) => (err || !result ? reject(err) : resolve(result))),
  );
  await new Promise((resolve) => compiler.close(resolve));
  if (stats.hasErrors()) throw new Error(stats.toString('errors-only'));
  // What the chunks hold, modules concatenated into one (scope hoisting) counted one by one.
  const modules = [...stats.compilation.modules]
    .filter((module) => stats.compilation.chunkGraph.getNumberOfModuleChunks(module) > 0)
    .flatMap((module) => [...((module as { modules?: Iterable<typeof module> }).modules ?? [module])])
    .map((module) => module.identifier());
  return { scripts: scripts.join('\n'), modules };
}

describe('the standalone page bundle', () => {
  it('ships a list read from a contracts module without that module’s unused schemas or zod', async () => {
    const page = await buildPage(
      "import { QUOTE_REQUEST_STATUSES } from '@rampquote/contracts'; document.title = QUOTE_REQUEST_STATUSES.join();",
    );

    expect(page.scripts).toContain('booked-pending');
    expect(page.modules.filter((id) => /[\\/]node_modules[\\/]zod[\\/]/.test(id))).toEqual([]);
  });

  it('keeps a schema the page validates with, and zod with it', async () => {
    const page = await buildPage(
      "import { createQuoteRequestSchema } from '@rampquote/contracts'; document.title = String(createQuoteRequestSchema.safeParse({}).success);",
    );

    expect(page.scripts).toContain('Please select an aircraft');
    expect(page.modules.some((id) => /[\\/]node_modules[\\/]zod[\\/]v4[\\/]classic[\\/]schemas\.js$/.test(id))).toBe(
      true,
    );
  });
});
