// Proves each lint zone of eslint/boundaries.mjs (eslint-plugin-boundaries): the zones on small samples in a
// made-up repository written to a temporary folder (a relative import is judged by the file it reaches), then the
// repository's own eslint.config.mjs (so `npm run lint` fails on a violation). Run: node --test eslint/boundaries.test.mjs
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { boundariesConfig } from './boundaries.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = mkdtempSync(path.join(tmpdir(), 'rq-boundaries-'));
after(() => rmSync(root, { recursive: true, force: true }));

const MESSAGES = {
  feature: /^Feature "[\w-]+" imports feature "[\w-]+"/,
  sharedToFeature: /^Shared code imports feature "[\w-]+"/,
  app: /^The app [\w-]+ imports another app/,
  libToApp: /^The library [\w-]+ imports an app/,
  testHelper: /^Product code imports the test helper/,
};
const ok = (filename, code) => ({ filename, code });
const bad = (filename, code, messageId) => ({ filename, code, messageId });

const valid = [
  // A feature imports its own files, the app's shared folder and libraries.
  ok('mf-account/src/features/aircraft/components/AircraftTab.tsx', "import { x } from '../open-add-aircraft';"),
  ok(
    'mf-account/src/features/aircraft/components/AircraftTab.tsx',
    "import { y } from '../../../shared/aircraft-api';",
  ),
  ok('mf-account/src/features/aircraft/AircraftPage.tsx', "import { z } from '@rampquote/contracts';"),
  // The app layer composes features.
  ok(
    'mf-account/src/routes.tsx',
    "const P = import('./features/account/AccountPage'); import { T } from './features/aircraft/components/AircraftTab';",
  ),
  ok('mf-admin/src/app/AdminDashboardPage.tsx', "import { C } from '../features/invites/InvitesCard';"),
  // Libraries are for everyone; a service uses service-kit's production entry.
  ok('svc-fleet/src/service.ts', "import { describeService } from '@rampquote/service-kit';"),
  ok('gateway/src/app.factory.ts', "import { RoutePolicy } from '@rampquote/contracts';"),
  // Tests may import test helpers.
  ok(
    'svc-fleet/test/aircraft.test.ts',
    "import { collectEvents } from '@rampquote/service-kit/testing'; import request from 'supertest';",
  ),
  ok('svc-fleet/src/aircraft/aircraft.service.spec.ts', "import { fake } from '../../test/fakes';"),
  ok(
    'mf-account/src/features/account/ProfileForm.spec.tsx',
    "import { renderRoutes } from '../../test/render-page'; import { f } from './profile-fixture';",
  ),
  ok('mf-account/src/test/render-page.tsx', "import { render } from '@testing-library/react';"),
  ok('libs/service-kit/src/testing/event-collector.ts', "import { Outbox } from '../events/outbox';"),
  // A service's tests may start another service through its test support (contract tests).
  ok(
    'svc-quotes/test/contracts/neighbours.contract.test.ts',
    "import { startFleet } from '../../../svc-fleet/test/support/fleet-app';",
  ),
];

const invalid = [
  // 1. no feature imports another feature (static, type-only, re-export, dynamic, require; specs too).
  bad(
    'mf-account/src/features/aircraft/components/AircraftTab.tsx',
    "import { K } from '../../account/OpenAddAircraftRedirect';",
    'feature',
  ),
  bad(
    'mf-account/src/features/account/AccountPage.tsx',
    "import type { T } from '../aircraft/components/AircraftTab';",
    'feature',
  ),
  bad(
    'mf-admin/src/features/fbo-directory/Card.tsx',
    "export { plural } from '../airport-import/upload-checks';",
    'feature',
  ),
  bad('shell/src/features/support/SupportPage.tsx', "const m = import('../faq/FaqPage');", 'feature'),
  bad('mf-quotes/src/features/history/History.spec.tsx', "const { x } = require('../quote-form/x');", 'feature'),
  bad(
    'mf-account/src/shared/aircraft-api.ts',
    "import { t } from '../features/aircraft/open-add-aircraft';",
    'sharedToFeature',
  ),
  // 2. no micro-frontend imports another (or the shell, or back again), no service imports another or the gateway.
  bad(
    'mf-account/src/features/aircraft/AircraftTab.tsx',
    "import { Q } from '../../../../mf-quotes/src/routes';",
    'app',
  ),
  bad('mf-account/src/routes.tsx', "import { Q } from '@rampquote/mf-quotes/src/routes';", 'app'),
  bad('mf-admin/src/routes.tsx', "import { Header } from '../../shell/src/layout/Header';", 'app'),
  bad('shell/src/app/routes.tsx', "import { routes } from '../../../mf-account/src/routes';", 'app'),
  bad(
    'svc-quotes/src/quote-requests/quote-requests.service.ts',
    "import { Aircraft } from '@rampquote/svc-fleet/src/aircraft/aircraft.entity';",
    'app',
  ),
  bad('svc-billing/src/service.ts', "import { config } from '../../gateway/src/config';", 'app'),
  bad('svc-quotes/test/quotes.test.ts', "import { service } from '../../svc-fleet/src/service';", 'app'),
  bad(
    'svc-quotes/src/service.ts',
    "import { startFleet } from '../../svc-fleet/test/support/fleet-app';",
    'testHelper',
  ),
  bad(
    'gateway/src/proxy/service-proxy.ts',
    "import { x } from '../../../svc-identity/src/users/users.service';",
    'app',
  ),
  bad('libs/web-kit/src/index.ts', "export * from '../../../mf-account/src/shared/aircraft-api';", 'libToApp'),
  // 3. no product code imports test helpers.
  bad(
    'svc-fleet/src/aircraft/aircraft.service.ts',
    "import { collectEvents } from '@rampquote/service-kit/testing';",
    'testHelper',
  ),
  bad('libs/service-kit/src/index.ts', "export * from './testing';", 'testHelper'),
  bad(
    'mf-account/src/features/account/AccountPage.tsx',
    "import { profileFixture } from './profile-fixture';",
    'testHelper',
  ),
  bad(
    'mf-account/src/features/login/LoginPage.tsx',
    "import { renderRoutes } from '../../test/render-page';",
    'testHelper',
  ),
  bad('svc-identity/src/users/users.service.ts', "import { helper } from './users.service.spec';", 'testHelper'),
  bad('gateway/src/main.ts', "import request from 'supertest';", 'testHelper'),
];

/** Writes the sample's file and every file its relative imports reach, so they resolve as in a real repository. */
function writeSample({ filename, code }) {
  const write = (file) => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, 'export {};\n');
  };
  const file = path.join(root, filename);
  write(file);
  for (const [, specifier] of code.matchAll(/['"](\.{1,2}\/[^'"]+)['"]/g)) {
    const target = path.resolve(path.dirname(file), specifier);
    write(/\.[cm]?[jt]sx?$/.test(target) ? target : `${target}.ts`);
  }
}
for (const sample of [...valid, ...invalid]) writeSample(sample);

const samples = new ESLint({
  cwd: root,
  overrideConfigFile: true,
  overrideConfig: [
    { languageOptions: { parser: tseslint.parser, ecmaVersion: 2023, sourceType: 'module' } },
    boundariesConfig(root),
  ],
});
const zoneMessages = async ({ filename, code }) =>
  (await samples.lintText(code, { filePath: path.join(root, filename) }))[0].messages;

describe('the zones on samples', () => {
  for (const sample of valid) {
    it(`allows ${sample.filename}: ${sample.code}`, async () => {
      assert.deepEqual(await zoneMessages(sample), []);
    });
  }
  for (const sample of invalid) {
    it(`refuses ${sample.filename}: ${sample.code} (${sample.messageId})`, async () => {
      const messages = await zoneMessages(sample);
      assert.equal(messages.length, 1, JSON.stringify(messages));
      assert.equal(messages[0].ruleId, 'boundaries/dependencies');
      assert.equal(messages[0].severity, 2);
      assert.match(messages[0].message, MESSAGES[sample.messageId]);
    });
  }
});

describe('the repository config (npm run lint)', () => {
  const eslint = new ESLint({ cwd: repo });
  const boundaryErrors = async (file, code) =>
    (await eslint.lintText(code, { filePath: path.join(repo, file) }))[0].messages.filter(
      (m) => m.ruleId === 'boundaries/dependencies',
    );

  it('fails a feature that imports another feature, as an error', async () => {
    const [error, ...rest] = await boundaryErrors(
      'mf-account/src/features/aircraft/components/AircraftTab.tsx',
      "import { A } from '../../account/AccountPage';\nexport const B = A;\n",
    );
    assert.equal(rest.length, 0);
    assert.equal(error.severity, 2);
    assert.match(error.message, /^Feature "aircraft" imports feature "account" \(\.\.\/\.\.\/account\/AccountPage\)/);
  });

  it('knows the workspaces by package name: a service importing another service fails', async () => {
    const [error] = await boundaryErrors(
      'svc-quotes/src/quote-requests/x.ts',
      "import { A } from '@rampquote/svc-fleet';\nexport const B = A;\n",
    );
    assert.equal(error?.severity, 2);
    assert.match(error.message, /The app svc-quotes imports another app \(@rampquote\/svc-fleet\)/);
  });

  it('fails product code importing @rampquote/service-kit/testing and lets a test do it', async () => {
    const code = "import { collectEvents } from '@rampquote/service-kit/testing';\nexport const c = collectEvents;\n";
    assert.equal((await boundaryErrors('svc-fleet/src/aircraft/aircraft.service.ts', code)).length, 1);
    assert.equal((await boundaryErrors('svc-fleet/test/aircraft.test.ts', code)).length, 0);
  });

  it('lets a feature use the shared folder and the app layer compose features', async () => {
    assert.equal(
      (
        await boundaryErrors(
          'mf-account/src/features/aircraft/components/AircraftTab.tsx',
          "import { a } from '../../../shared/aircraft-api';\nexport const b = a;\n",
        )
      ).length,
      0,
    );
    assert.equal(
      (
        await boundaryErrors(
          'mf-account/src/routes.tsx',
          "import { A } from './features/account/AccountPage';\nexport const b = A;\n",
        )
      ).length,
      0,
    );
  });
});
