// node:test for the deployment descriptions: one image per slice (one Dockerfile for the services and one for the
// micro-frontends' hosts, each named by a build argument; the gateway's own), docker-compose.yml and the
// Kubernetes manifests (deploy/k8s), checked offline. Kubernetes: rendered with the kustomize subset of
// deploy/lib/kubernetes.mjs, validated against the Kubernetes API schemas (kubernetes-models) and RampQuote's rules
// (probes, resources, replicas, autoscaling, disruption budgets, migrations, secrets). Compose: `docker-compose config
// -q` (Debian's docker-compose; .ci/run installs it). The rules themselves are tested on broken samples too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import {
  PLACEHOLDER,
  networkAllows,
  networkProblems,
  renderKustomization,
  ruleProblems,
  schemaProblems,
} from '../deploy/lib/kubernetes.mjs';
import { SERVICE_CALLS } from './lib/identity-keys.mjs';
import { parsePageRoutes } from './static-host/static-host.mjs';
import { composeProblems, composeSecretProblems, dockerfileProblems, imageOf } from '../deploy/lib/images.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SERVICES = ['svc-identity', 'svc-fleet', 'svc-quotes', 'svc-billing', 'svc-airports'];
const NODE_SLICES = [...SERVICES, 'gateway'];
const STATIC_SLICES = ['mf-account', 'mf-quotes', 'mf-fbo-portal', 'mf-admin'];
const SLICES = [
  ...NODE_SLICES.map((name) => ({ name, migrates: true, hpa: name === 'gateway' || name === 'svc-airports' })),
  ...STATIC_SLICES.map((name) => ({ name, migrates: false, hpa: false })),
];
const BASE = join(ROOT, 'deploy/k8s/base');
const PROD = join(ROOT, 'deploy/k8s/overlays/prod');

const same = (problems) => assert.deepEqual(problems, [], `\n${problems.join('\n')}`);

// ------------------------------------------------------------------------------------------------ images
test('one image per slice from one Dockerfile per kind of slice, no monolithic image', () => {
  assert.equal(
    existsSync(join(ROOT, 'Dockerfile')),
    false,
    'the root Dockerfile (the whole monorepo in one image) must not come back',
  );
  for (const slice of [...NODE_SLICES, ...STATIC_SLICES])
    assert.ok(existsSync(join(ROOT, imageOf(slice).dockerfile)), `${imageOf(slice).dockerfile} is missing`);
  const dockerfiles = (slices) => new Set(slices.map((s) => imageOf(s).dockerfile));
  assert.deepEqual([...dockerfiles(SERVICES)], ['deploy/docker/service.Dockerfile']);
  assert.deepEqual([...dockerfiles(STATIC_SLICES)], ['deploy/docker/remote.Dockerfile']);
  for (const slice of [...SERVICES, ...STATIC_SLICES])
    assert.equal(existsSync(join(ROOT, slice, 'Dockerfile')), false, `${slice}/Dockerfile: one Dockerfile per kind`);
});

for (const slice of [...NODE_SLICES, ...STATIC_SLICES]) {
  test(`${slice}'s image copies only ${slice}, the libraries it declares and the root manifests; non-root, health check`, () => {
    same(dockerfileProblems(ROOT, slice, NODE_SLICES.includes(slice) ? 'node' : 'static'));
  });
}

test("the Dockerfile check fails on another slice's sources, a root user, no health check or no pruned install", () => {
  const text = readFileSync(join(ROOT, 'deploy/docker/service.Dockerfile'), 'utf8');
  const broken = text
    .replace('COPY ${SERVICE}/ ${SERVICE}/', 'COPY ${SERVICE}/ ${SERVICE}/\nCOPY svc-quotes/ svc-quotes/')
    .replace('USER node', 'USER root')
    .replace(/HEALTHCHECK[^\n]*\\\n[^\n]*\n/, '')
    .replaceAll('--omit=dev', '');
  const problems = dockerfileProblems(ROOT, 'svc-fleet', 'node', broken);
  for (const expected of ['copies svc-quotes', 'non-root USER', 'HEALTHCHECK', 'pruned production install']) {
    assert.ok(
      problems.some((p) => p.includes(expected)),
      `expected a problem about "${expected}" in:\n${problems.join('\n')}`,
    );
  }
  assert.ok(
    dockerfileProblems(
      ROOT,
      'mf-admin',
      'static',
      'FROM node:24-alpine\nCOPY . .\nUSER node\nHEALTHCHECK CMD x /health\nCMD ["x"]',
    ).some((p) => p.includes('whole build context')),
  );
});

// ------------------------------------------------------------------------------------------------ compose
const DUMMY_SECRETS = {
  POSTGRES_PASSWORD: 'p',
  RABBITMQ_PASSWORD: 'r',
  SESSION_SECRET: 's',
  LINK_SECRET: 'l',
  GATEWAY_PRIVATE_KEY: 'gateway-private',
  GATEWAY_PUBLIC_KEY: 'gateway-public',
  SERVICE_PUBLIC_KEYS: 'svc-quotes=q,svc-airports=a',
  SVC_QUOTES_PRIVATE_KEY: 'quotes-private',
  SVC_AIRPORTS_PRIVATE_KEY: 'airports-private',
};

// An empty env file: a developer's .env (secrets for `docker compose up`) must not change what is checked.
const EMPTY_ENV_FILE = join(mkdtempSync(join(tmpdir(), 'rampquote-compose-')), 'empty.env');
writeFileSync(EMPTY_ENV_FILE, '');

function dockerCompose(args, env) {
  const run = spawnSync('docker-compose', ['--env-file', EMPTY_ENV_FILE, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...env, PATH: process.env.PATH, HOME: process.env.HOME },
  });
  if (run.error?.code === 'ENOENT') {
    assert.fail(
      'docker-compose is not installed: `apt-get install -y docker-compose` (Debian) to validate docker-compose.yml',
    );
  }
  return run;
}

test('docker-compose config -q accepts docker-compose.yml once the secrets are given', () => {
  const run = dockerCompose(['config', '-q'], DUMMY_SECRETS);
  assert.equal(run.status, 0, run.stderr);
});

test('docker-compose refuses to start without the secrets', () => {
  const run = dockerCompose(['config', '-q'], {});
  assert.notEqual(run.status, 0);
  assert.match(run.stderr, /POSTGRES_PASSWORD|RABBITMQ_PASSWORD|SESSION_SECRET|_KEY/);
  const { GATEWAY_PRIVATE_KEY: _, ...withoutGatewayKey } = DUMMY_SECRETS;
  const withoutKey = dockerCompose(['config', '-q'], withoutGatewayKey);
  assert.notEqual(withoutKey.status, 0);
  assert.match(withoutKey.stderr, /GATEWAY_PRIVATE_KEY/);
});

test("compose: the gateway's private key reaches the gateway only, a service's own key that service only", () => {
  const run = dockerCompose(['config'], DUMMY_SECRETS);
  assert.equal(run.status, 0, run.stderr);
  const { services } = parse(run.stdout);
  const holders = (value) =>
    Object.entries(services)
      .filter(([, s]) => Object.values(s.environment ?? {}).includes(value))
      .map(([name]) => name)
      .sort();
  assert.deepEqual(holders('gateway-private'), ['gateway', 'gateway-migrate']);
  assert.deepEqual(holders('quotes-private'), ['svc-quotes', 'svc-quotes-migrate']);
  assert.deepEqual(holders('airports-private'), ['svc-airports']);
  for (const [name, s] of Object.entries(services)) {
    assert.equal(s.environment?.INTERNAL_SECRET, undefined, `${name} still gets INTERNAL_SECRET`);
    if (NODE_SLICES.includes(name) && name !== 'gateway')
      assert.equal(s.environment.GATEWAY_PUBLIC_KEY, 'gateway-public', `${name} needs the gateway's public key`);
  }
});

test('compose: a container per service, remote host and the gateway, one-shot migrations, only the site published', () => {
  const run = dockerCompose(['config'], DUMMY_SECRETS);
  assert.equal(run.status, 0, run.stderr);
  same(composeProblems(parse(run.stdout), { nodeSlices: NODE_SLICES, staticSlices: STATIC_SLICES }));
  same(composeSecretProblems(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8')));
});

// ------------------------------------------------------------------------------------------------ the FBO's link page
// An FBO's e-mailed link (/quote/{fboId}/{token}) opens mf-fbo-portal's standalone link.html, written by the portal's
// own build and served by the portal's own host (the gateway's image holds no portal build): the host's PAGE_ROUTES
// answers the link with it, and the site sends /quote/ and the page's scripts (/mf-fbo-portal/) to that host.
const LINK = '/quote/0b6f3f2e-8d1c-4c1e-9a57-2f0e3c1d4b5a/tok_abc-123';
const LINK_PAGE = 'mf-fbo-portal/link.html';

/** The file of the portal's image a PAGE_ROUTES value answers the link with, checked against its build and image. */
function assertLinkPageRoute(value, where) {
  const routes = parsePageRoutes(value);
  const route = routes.find((r) => r.test(LINK));
  assert.ok(route, `${where}: PAGE_ROUTES (${value}) does not answer ${LINK}`);
  assert.equal(route.file, LINK_PAGE, `${where}: the link must get the portal's standalone link.html`);
  assert.equal(route.test('/quote/only-one-segment'), false, `${where}: only the link's own shape`);
  // The link's estimate request (Routes.fboQuote.byLink), preloaded as the page asks for it.
  assert.equal(
    route.match(LINK),
    '</api/fbo-quote/0b6f3f2e-8d1c-4c1e-9a57-2f0e3c1d4b5a/tok_abc-123>; rel=preload; as=fetch; crossorigin=use-credentials',
    `${where}: preload the link's estimate request`,
  );
  // The file is there: the portal's standalone build writes link.html into its dist, whose scripts it looks up under
  // /mf-fbo-portal/, and the remote image puts that dist at STATIC_ROOT/<remote>/.
  const standalone = readFileSync(join(ROOT, 'mf-fbo-portal/webpack.standalone.config.js'), 'utf8');
  assert.match(standalone, /filename: 'link\.html', prefix: '\/mf-fbo-portal\/'/);
  const remote = readFileSync(join(ROOT, 'deploy/docker/remote.Dockerfile'), 'utf8');
  assert.match(remote, /STATIC_ROOT=\/srv\/app\b/);
  assert.match(remote, /COPY --from=build \/app\/\$\{REMOTE\}\/dist app\/\$\{REMOTE\}\n/);
  assert.match(readFileSync(join(ROOT, 'mf-fbo-portal/package.json'), 'utf8'), /webpack\.standalone\.config\.js/);
}

test("compose: the FBO's link and its scripts reach the portal's host through the gateway, which answers the link there", () => {
  const run = dockerCompose(['config'], DUMMY_SECRETS);
  assert.equal(run.status, 0, run.stderr);
  const { services } = parse(run.stdout);
  const portal = services['mf-fbo-portal'];
  assertLinkPageRoute(portal.environment.PAGE_ROUTES, 'compose mf-fbo-portal');
  // The gateway forwards to the portal's container (every container listens on 8080), and waits for it to start.
  const host = new URL(services.gateway.environment.FBO_LINK_HOST_URL);
  assert.equal(`${host.protocol}//${host.host}${host.pathname}`, 'http://mf-fbo-portal:8080/');
  assert.ok(services.gateway.depends_on['mf-fbo-portal'], 'the gateway must start after the portal host');
  assert.equal(portal.build.args.REMOTE, 'mf-fbo-portal');
  // No other container is told where the link page lives, and the gateway's image holds no portal build.
  for (const [name, s] of Object.entries(services))
    if (name !== 'gateway') assert.equal(s.environment?.FBO_LINK_HOST_URL, undefined, name);
  assert.doesNotMatch(readFileSync(join(ROOT, 'gateway/Dockerfile'), 'utf8'), /mf-fbo-portal/);
});

test('the compose checks fail on a published database, a missing migration, a literal secret', () => {
  const config = {
    services: {
      postgres: { ports: ['0.0.0.0:5432:5432'] },
      'svc-fleet': { build: { dockerfile: 'deploy/docker/service.Dockerfile', args: { SERVICE: 'svc-quotes' } } },
    },
  };
  const problems = composeProblems(config, { nodeSlices: ['svc-fleet'], staticSlices: [] });
  assert.ok(
    problems.some((p) => p.includes('postgres publishes')),
    problems.join('\n'),
  );
  assert.ok(
    problems.some((p) => p.includes('svc-fleet-migrate')),
    problems.join('\n'),
  );
  assert.ok(
    problems.some((p) => p.includes('SERVICE=svc-fleet')),
    problems.join('\n'),
  );
  assert.equal(
    composeSecretProblems('    SESSION_SECRET: hunter2hunter2\n    DATABASE_URL: postgres://postgres:pw@db:5432\n')
      .length,
    2,
  );
});

// ------------------------------------------------------------------------------------------------ kubernetes
const NETWORK = {
  services: SERVICES,
  statics: STATIC_SLICES,
  calls: SERVICE_CALLS,
  // The Ingress controller, in a namespace of its own.
  outside: { namespace: 'ingress-nginx', labels: { 'app.kubernetes.io/name': 'ingress-nginx' } },
};

const base = renderKustomization(BASE);
const prod = renderKustomization(PROD);

test('the Kubernetes base renders every slice (Deployment, Service, PodDisruptionBudget) and the platform', () => {
  const names = (kind) =>
    base
      .filter((r) => r.kind === kind)
      .map((r) => r.metadata.name)
      .sort();
  const all = SLICES.map((s) => s.name).sort();
  assert.deepEqual(names('Deployment'), all);
  assert.deepEqual(names('Service'), all);
  assert.deepEqual(names('PodDisruptionBudget'), all);
  assert.deepEqual(names('HorizontalPodAutoscaler'), ['gateway', 'svc-airports']);
  assert.deepEqual(names('Ingress'), ['rampquote']);
  assert.ok(base.every((r) => r.kind === 'Namespace' || r.metadata.namespace === 'rampquote'));
});

for (const [label, resources] of [
  ['base', base],
  ['prod overlay', prod],
]) {
  test(`every resource of the ${label} is valid against the Kubernetes API schemas (kubernetes-models)`, async () => {
    const problems = (await Promise.all(resources.map(schemaProblems))).flat();
    same(problems);
  });
}

test('base: probes on /health, resources, ≥ 2 replicas, HPAs, PDBs, migrations, secrets only in Secrets', () => {
  same(ruleProblems(base, { slices: SLICES, secretsProvided: true }));
  const secrets = base.filter((r) => r.kind === 'Secret');
  assert.ok(secrets.length >= 2);
  for (const s of secrets) for (const v of Object.values(s.stringData)) assert.equal(v, PLACEHOLDER);
});

test('prod overlay: same rules, registry images with a tag, the placeholder Secrets left out', () => {
  same(ruleProblems(prod, { slices: SLICES, secretsProvided: false }));
  for (const r of prod.filter((x) => x.kind === 'Deployment')) {
    for (const c of [...(r.spec.template.spec.initContainers ?? []), ...r.spec.template.spec.containers]) {
      assert.match(
        c.image,
        /^registry\.example\.com\/rampquote\/[a-z-]+:\d+\.\d+\.\d+$/,
        `${r.metadata.name}/${c.name}`,
      );
    }
  }
});

/** The Service an Ingress sends `path` to: the longest Prefix path matching it element by element (Kubernetes' rule). */
function ingressServiceFor(ingress, path) {
  const elements = (p) => p.split('/').filter(Boolean);
  const matching = ingress.spec.rules
    .flatMap((rule) => rule.http.paths)
    .filter((p) => p.pathType === 'Prefix')
    .filter((p) => elements(p.path).every((element, i) => elements(path)[i] === element))
    .sort((a, b) => elements(b.path).length - elements(a.path).length);
  return matching[0]?.backend.service.name;
}

for (const [label, resources] of [
  ['base', base],
  ['prod overlay', prod],
]) {
  test(`${label}: the Ingress sends an FBO's link and its page's scripts to the portal's host, which answers it with link.html`, () => {
    const ingress = resources.find((r) => r.kind === 'Ingress');
    assert.equal(ingressServiceFor(ingress, LINK), 'mf-fbo-portal');
    assert.equal(ingressServiceFor(ingress, '/mf-fbo-portal/main.js'), 'mf-fbo-portal');
    assert.equal(ingressServiceFor(ingress, '/mf-fbo-portal/standalone/412.0a1b2c3d.js'), 'mf-fbo-portal');
    // The rest of the site stays with the gateway: the shell's pages (a quote's details too), the API.
    assert.equal(ingressServiceFor(ingress, '/quote-details/42'), 'gateway');
    assert.equal(ingressServiceFor(ingress, '/api/fbo-quote/f1/t1'), 'gateway');
    assert.equal(ingressServiceFor(ingress, '/'), 'gateway');
    const portal = resources.find((r) => r.kind === 'Deployment' && r.metadata.name === 'mf-fbo-portal');
    const env = portal.spec.template.spec.containers[0].env;
    assertLinkPageRoute(env.find((e) => e.name === 'PAGE_ROUTES')?.value ?? '', `${label} Deployment/mf-fbo-portal`);
    // The page and its scripts reach the browser from the Ingress controller.
    same(networkProblems(resources, NETWORK).filter((p) => p.includes('mf-fbo-portal')));
  });
}

test("the gateway migrates in an init container (its migrations take an advisory lock, as the services' do)", () => {
  const gateway = base.find((r) => r.kind === 'Deployment' && r.metadata.name === 'gateway');
  const migrate = gateway.spec.template.spec.initContainers.find((c) => c.name === 'migrate');
  assert.deepEqual(migrate.command, ['node', 'gateway/dist/migrate.js']);
});

test('the Kubernetes checks fail on broken manifests', async () => {
  const broken = structuredClone(base);
  const fleet = broken.find((r) => r.kind === 'Deployment' && r.metadata.name === 'svc-fleet');
  const container = fleet.spec.template.spec.containers[0];
  delete container.readinessProbe;
  container.readinesProbe = { httpGet: { path: '/health', port: 'http' } };
  delete container.resources.limits;
  fleet.spec.replicas = 1;
  container.env.push({ name: 'LINK_SECRET', value: 'hunter2' });
  const airportsHpa = broken.findIndex(
    (r) => r.kind === 'HorizontalPodAutoscaler' && r.metadata.name === 'svc-airports',
  );
  broken.splice(airportsHpa, 1);
  fleet.spec.template.spec.initContainers = [];
  const problems = ruleProblems(broken, { slices: SLICES });
  for (const expected of [
    'Deployment/svc-fleet: readinessProbe',
    'no resources.limits.cpu',
    'replicas is 1',
    'LINK_SECRET: a secret as a plain value',
    'Deployment/svc-airports: needs a HorizontalPodAutoscaler',
    'svc-fleet/dist/migrate.js',
  ]) {
    assert.ok(
      problems.some((p) => p.includes(expected)),
      `expected "${expected}" in:\n${problems.join('\n')}`,
    );
  }
  const schema = await schemaProblems(fleet);
  assert.ok(
    schema.some((p) => p.includes('readinesProbe: unknown field')),
    schema.join('\n'),
  );
  const wrongType = await schemaProblems({ ...fleet, spec: { ...fleet.spec, replicas: 'two' } });
  assert.ok(
    wrongType.some((p) => p.includes('replicas must be integer')),
    wrongType.join('\n'),
  );
});

// ------------------------------------------------------------------------------------------------ network and keys

for (const [label, resources] of [
  ['base', base],
  ['prod overlay', prod],
]) {
  test(`${label} NetworkPolicies: only the gateway reaches the services, a service another only where it calls it`, () => {
    same(networkProblems(resources, NETWORK));
    // Spelled out for the calls there are: svc-quotes reads fleet, airports and identity; svc-airports identity.
    const reach = (from, to) => networkAllows(resources, { pod: from }, { pod: to }, 8080);
    assert.equal(reach('gateway', 'svc-billing'), true);
    assert.equal(reach('svc-quotes', 'svc-fleet'), true);
    assert.equal(reach('svc-airports', 'svc-identity'), true);
    assert.equal(reach('svc-quotes', 'svc-billing'), false);
    assert.equal(reach('svc-billing', 'svc-identity'), false);
    assert.equal(reach('svc-fleet', 'svc-quotes'), false);
    assert.equal(reach('mf-admin', 'svc-identity'), false);
    assert.equal(reach('svc-quotes', 'gateway'), false);
    // Stripe: svc-billing alone goes out on HTTPS.
    const internet = { ip: '203.0.113.7' };
    assert.equal(networkAllows(resources, { pod: 'svc-billing' }, internet, 443), true);
    assert.equal(networkAllows(resources, { pod: 'svc-quotes' }, internet, 443), false);
  });
}

test('the network checks fail on a service open to another service, a blocked call, no default deny', () => {
  const broken = structuredClone(base);
  const policy = (name) => broken.find((r) => r.kind === 'NetworkPolicy' && r.metadata.name === name);
  policy('svc-fleet').spec.ingress[0].from.push({
    podSelector: { matchLabels: { 'app.kubernetes.io/name': 'svc-billing' } },
  });
  policy('svc-quotes').spec.egress = policy('svc-quotes').spec.egress.filter(
    (rule) => !rule.to?.some((p) => p.podSelector),
  );
  broken.splice(broken.indexOf(policy('default-deny')), 1);
  broken.splice(broken.indexOf(policy('dns')), 1);
  const problems = networkProblems(broken, NETWORK);
  for (const expected of [
    'svc-fleet takes connections from svc-billing on 8080; only the gateway and its callers may',
    'svc-quotes → svc-identity:8080 is blocked; it must be allowed',
    'a pod no policy names takes connections from outside (no default deny)',
    'a pod no policy names reaches the internet (no default deny)',
    'gateway cannot ask the DNS',
  ]) {
    assert.ok(problems.includes(expected), `expected "${expected}" in:\n${problems.join('\n')}`);
  }
});

const containersOfDeployment = (d) => [
  ...(d.spec.template.spec.initContainers ?? []),
  ...d.spec.template.spec.containers,
];

test("keys: the gateway's private key is mounted into the gateway only, each service's own key into that service only", () => {
  const secretsOf = (deployment) =>
    new Set(
      containersOfDeployment(deployment).flatMap((c) =>
        (c.env ?? []).flatMap((e) => (e.valueFrom?.secretKeyRef ? [`${e.valueFrom.secretKeyRef.name}/${e.name}`] : [])),
      ),
    );
  const deployments = base.filter((r) => r.kind === 'Deployment');
  const holders = (ref) =>
    deployments
      .filter((d) => secretsOf(d).has(ref))
      .map((d) => d.metadata.name)
      .sort();
  assert.deepEqual(holders('gateway-secrets/GATEWAY_PRIVATE_KEY'), ['gateway']);
  assert.deepEqual(holders('svc-quotes-secrets/SERVICE_PRIVATE_KEY'), ['svc-quotes']);
  assert.deepEqual(holders('svc-airports-secrets/SERVICE_PRIVATE_KEY'), ['svc-airports']);
  assert.deepEqual(holders('rampquote-identity-keys/GATEWAY_PUBLIC_KEY'), [...SERVICES].sort());
  for (const d of deployments) {
    for (const c of containersOfDeployment(d)) {
      assert.ok(
        !(c.env ?? []).some((e) => e.name === 'INTERNAL_SECRET'),
        `${d.metadata.name}/${c.name}: INTERNAL_SECRET`,
      );
    }
  }
  // The service key Secrets name only keys; the gateway's private key is in no other Secret.
  const keysOf = (name) => Object.keys(base.find((r) => r.kind === 'Secret' && r.metadata.name === name).stringData);
  assert.deepEqual(keysOf('rampquote-identity-keys').sort(), ['GATEWAY_PUBLIC_KEY', 'SERVICE_PUBLIC_KEYS']);
  assert.ok(!keysOf('rampquote-secrets').some((k) => /KEY|INTERNAL/.test(k)));
});
