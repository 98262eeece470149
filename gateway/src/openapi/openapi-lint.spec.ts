import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { listRoutePolicies } from '@rampquote/contracts';
import { mergedOpenApiDocument } from './merged-openapi';

const redocly = require.resolve('@redocly/cli/bin/cli.js');

describe("Redocly's recommended rules on the merged OpenAPI document", () => {
  it('find no error', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rampquote-openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      await writeFile(file, JSON.stringify(mergedOpenApiDocument(listRoutePolicies(), {})));
      const run = await promisify(execFile)(
        process.execPath,
        [redocly, 'lint', '--extends', 'recommended', '--format', 'json', file],
        { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
      ).catch((err: { stdout?: string; stderr?: string }) => err);
      const report = JSON.parse(run.stdout ?? '{}') as {
        totals?: { errors: number; warnings: number };
        problems?: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
      };
      const errors = (report.problems ?? []).filter((p) => p.severity === 'error');
      expect(errors.map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`)).toEqual([]);
      expect(report.totals?.errors).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
