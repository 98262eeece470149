// Offline checks of the Kubernetes manifests (deploy/k8s): a renderer for the subset of kustomize they use, schema
// validation with the `kubernetes-models` package (types and required fields of the Kubernetes API, plus unknown
// field names, which its validators let through), and RampQuote's deployment rules. Used by
// scripts/deploy-manifests.test.mjs; every check returns a list of problems (empty: fine).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';
import { parseAllDocuments } from 'yaml';

const resolveModule = (specifier) => fileURLToPath(import.meta.resolve(specifier));

// ---------------------------------------------------------------------------------------------------------------
// kustomize, the subset used here: resources (files and folders), namespace, images, patches (strategic merge by
// kind and name, `$patch: delete`). Anything else in a kustomization.yaml is refused rather than ignored.
const KNOWN_KEYS = new Set(['apiVersion', 'kind', 'resources', 'namespace', 'images', 'patches']);
const CLUSTER_SCOPED = new Set(['Namespace', 'ClusterRole', 'ClusterRoleBinding', 'IngressClass', 'PriorityClass']);

export function readYamlDocuments(file) {
  return parseAllDocuments(readFileSync(file, 'utf8'))
    .map((doc) => {
      if (doc.errors.length) throw new Error(`${file}: ${doc.errors[0].message}`);
      return doc.toJS();
    })
    .filter(Boolean);
}

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Strategic merge, simplified: maps merge, lists of objects with `name` merge by name, anything else replaces. */
export function mergePatch(target, patch) {
  if (isObject(target) && isObject(patch)) {
    const out = { ...target };
    for (const [k, v] of Object.entries(patch)) out[k] = k in target ? mergePatch(target[k], v) : v;
    return out;
  }
  if (Array.isArray(target) && Array.isArray(patch) && patch.every((p) => isObject(p) && 'name' in p)) {
    const out = target.map((t) => {
      const p = patch.find((x) => x.name === t?.name);
      return p ? mergePatch(t, p) : t;
    });
    for (const p of patch) if (!target.some((t) => t?.name === p.name)) out.push(p);
    return out;
  }
  return patch;
}

function podSpecs(resource) {
  const spec = resource.spec?.template?.spec ?? resource.spec?.jobTemplate?.spec?.template?.spec;
  return spec ? [spec] : [];
}

export function containersOf(resource) {
  return podSpecs(resource).flatMap((s) => [...(s.initContainers ?? []), ...(s.containers ?? [])]);
}

/** The resources a kustomization folder renders to. */
export function renderKustomization(dir) {
  const file = join(dir, 'kustomization.yaml');
  if (!existsSync(file)) throw new Error(`${dir}: no kustomization.yaml`);
  const [k] = readYamlDocuments(file);
  const unknown = Object.keys(k).filter((key) => !KNOWN_KEYS.has(key));
  if (unknown.length)
    throw new Error(`${file}: ${unknown.join(', ')} not understood by this renderer (deploy/lib/kubernetes.mjs)`);
  let resources = [];
  for (const entry of k.resources ?? []) {
    const path = resolve(dir, entry);
    if (!existsSync(path)) throw new Error(`${file}: resource ${entry} not found`);
    resources.push(
      ...(statSync(path).isDirectory()
        ? renderKustomization(path)
        : readYamlDocuments(path).map((r) => ({ ...r, __file: path }))),
    );
  }
  for (const { path } of k.patches ?? []) {
    for (const patch of readYamlDocuments(resolve(dir, path))) {
      const index = resources.findIndex((r) => r.kind === patch.kind && r.metadata?.name === patch.metadata?.name);
      if (index < 0)
        throw new Error(`${file}: patch ${path} targets ${patch.kind}/${patch.metadata?.name}, which is not there`);
      if (patch.$patch === 'delete') resources.splice(index, 1);
      else resources[index] = mergePatch(resources[index], patch);
    }
  }
  for (const image of k.images ?? []) {
    for (const c of resources.flatMap(containersOf)) {
      const [name, tag] = c.image.split(':');
      if (name === image.name) c.image = `${image.newName ?? name}:${image.newTag ?? tag ?? 'latest'}`;
    }
  }
  if (k.namespace) {
    resources = resources.map((r) =>
      CLUSTER_SCOPED.has(r.kind) ? r : { ...r, metadata: { ...r.metadata, namespace: k.namespace } },
    );
  }
  return resources;
}

// ---------------------------------------------------------------------------------------------------------------
// Schema validation.
const MODELS_DIR = dirname(resolveModule('kubernetes-models'));

function modelPath(resource) {
  const [group, version] = resource.apiVersion.includes('/')
    ? resource.apiVersion.split('/')
    : [null, resource.apiVersion];
  return join(MODELS_DIR, group ? `${group}/${version}` : version, resource.kind);
}

/** The properties of the first interface of a kubernetes-models declaration file, with their types' files. */
const interfaceCache = new Map();
function interfaceOf(dtsFile) {
  if (interfaceCache.has(dtsFile)) return interfaceCache.get(dtsFile);
  const text = readFileSync(dtsFile, 'utf8');
  const imports = new Map();
  for (const m of text.matchAll(/import \{ (\w+) \} from "([^"]+)";/g)) {
    const from = m[2].startsWith('.')
      ? resolve(dirname(dtsFile), m[2].replace(/\.js$/, '.d.ts'))
      : resolveModule(m[2]).replace(/\.js$/, '.d.ts');
    imports.set(m[1], from);
  }
  const body = /export interface [^{]*\{([\s\S]*?)\n\}/.exec(text)?.[1] ?? '';
  const props = new Map();
  for (const m of body.matchAll(/^ {4}"([^"]+)"\??: (.*)$/gm)) {
    const type = m[2].replace(/;$/, '');
    const array = /^Array<(\w+)>$/.exec(type);
    const named = array ? array[1] : /^(\w+)$/.exec(type)?.[1];
    props.set(m[1], { file: named ? imports.get(named) : undefined, array: Boolean(array), map: type.startsWith('{') });
  }
  const result = { props };
  interfaceCache.set(dtsFile, result);
  return result;
}

function unknownFields(value, dtsFile, path, problems) {
  if (!isObject(value) || !dtsFile || !existsSync(dtsFile)) return;
  const { props } = interfaceOf(dtsFile);
  if (props.size === 0) return;
  for (const [key, child] of Object.entries(value)) {
    const prop = props.get(key);
    if (!prop) {
      problems.push(`${path}.${key}: unknown field`);
      continue;
    }
    if (prop.map || !prop.file) continue;
    if (prop.array && Array.isArray(child))
      child.forEach((item, i) => unknownFields(item, prop.file, `${path}.${key}[${i}]`, problems));
    else unknownFields(child, prop.file, `${path}.${key}`, problems);
  }
}

/** Problems of a resource against the Kubernetes API schema of its apiVersion and kind. */
export async function schemaProblems(resource) {
  const { __file, ...doc } = resource;
  const where = `${doc.kind}/${doc.metadata?.name}`;
  const path = modelPath(doc);
  if (!existsSync(`${path}.js`)) return [`${where}: no schema for ${doc.apiVersion} ${doc.kind}`];
  const { [doc.kind]: Model } = await import(`${path}.js`);
  const problems = [];
  try {
    new Model(doc).validate();
  } catch (err) {
    problems.push(`${where}: ${err.message}`);
  }
  unknownFields(doc, `${path}.d.ts`, where, problems);
  return problems;
}

// ---------------------------------------------------------------------------------------------------------------
// RampQuote's rules.
const SECRET_NAME = /(SECRET|PASSWORD|TOKEN|PRIVATE|_KEY$)/;
/** A URL with a literal password (user:password@) rather than a $(VAR) reference. */
const LITERAL_CREDENTIALS = /:\/\/[^/:@\s]+:(?!\$\()[^@\s]+@/;
export const PLACEHOLDER = 'placeholder-not-a-secret';

function quantity(q) {
  const m = /^(\d+(?:\.\d+)?)(m|Ki|Mi|Gi|k|M|G)?$/.exec(String(q));
  if (!m) return NaN;
  const f = { m: 1e-3, Ki: 1024, Mi: 1024 ** 2, Gi: 1024 ** 3, k: 1e3, M: 1e6, G: 1e9 }[m[2]] ?? 1;
  return Number(m[1]) * f;
}

const matches = (selector, labels) => Object.entries(selector ?? {}).every(([k, v]) => labels?.[k] === v);

/**
 * @param resources rendered resources
 * @param options.slices           { name, migrates, hpa }[]: the Deployments there must be
 * @param options.secretsProvided  whether the Secrets are part of the rendering (base) or created out of band (prod)
 */
export function ruleProblems(resources, { slices, secretsProvided = true }) {
  const problems = [];
  const byKind = (kind) => resources.filter((r) => r.kind === kind);
  const deployments = byKind('Deployment');
  const hpas = byKind('HorizontalPodAutoscaler');
  const pdbs = byKind('PodDisruptionBudget');
  const configMaps = byKind('ConfigMap');
  const secrets = byKind('Secret');

  for (const slice of slices) {
    const d = deployments.find((x) => x.metadata.name === slice.name);
    if (!d) {
      problems.push(`${slice.name}: no Deployment`);
      continue;
    }
    const where = `Deployment/${slice.name}`;
    const podLabels = d.spec.template.metadata?.labels;
    const hpa = hpas.find(
      (h) => h.spec.scaleTargetRef?.kind === 'Deployment' && h.spec.scaleTargetRef?.name === slice.name,
    );
    if (slice.hpa && !hpa) problems.push(`${where}: needs a HorizontalPodAutoscaler`);
    const replicas = hpa ? hpa.spec.minReplicas : d.spec.replicas;
    if (!(replicas >= 2))
      problems.push(
        `${where}: ${hpa ? 'its HPA minReplicas' : 'replicas'} is ${replicas ?? 'unset (1)'}, needs at least 2`,
      );
    if (!pdbs.some((p) => matches(p.spec.selector?.matchLabels, podLabels)))
      problems.push(`${where}: no PodDisruptionBudget selects its pods`);
    if (!matches(d.spec.selector?.matchLabels, podLabels))
      problems.push(`${where}: selector does not match the pod labels`);
    if (d.spec.template.spec.securityContext?.runAsNonRoot !== true)
      problems.push(`${where}: pods must set securityContext.runAsNonRoot`);
    const main = d.spec.template.spec.containers?.find((c) => c.name === slice.name);
    if (!main) problems.push(`${where}: no container named ${slice.name}`);
    else {
      if (main.readinessProbe?.httpGet?.path !== '/health') problems.push(`${where}: readinessProbe must GET /health`);
      if (!main.livenessProbe) problems.push(`${where}: no livenessProbe`);
      if (!main.image?.split(':')[0].endsWith(`rampquote/${slice.name}`))
        problems.push(`${where}: image ${main.image} is not rampquote/${slice.name}`);
    }
    if (slice.migrates) {
      const init = (d.spec.template.spec.initContainers ?? []).find((c) =>
        (c.command ?? []).join(' ').includes(`${slice.name}/dist/migrate.js`),
      );
      const job = byKind('Job').find((j) =>
        containersOf(j).some((c) => (c.command ?? []).join(' ').includes(`${slice.name}/dist/migrate.js`)),
      );
      if (!init && !job) problems.push(`${where}: no init container or Job runs ${slice.name}/dist/migrate.js`);
    }
    for (const c of containersOf(d)) {
      const cw = `${where} container ${c.name}`;
      for (const kind of ['requests', 'limits']) {
        for (const r of ['cpu', 'memory'])
          if (!c.resources?.[kind]?.[r]) problems.push(`${cw}: no resources.${kind}.${r}`);
      }
      for (const r of ['cpu', 'memory']) {
        const req = quantity(c.resources?.requests?.[r]);
        const lim = quantity(c.resources?.limits?.[r]);
        if (req > lim)
          problems.push(`${cw}: ${r} request ${c.resources.requests[r]} above its limit ${c.resources.limits[r]}`);
      }
      if (c.securityContext?.allowPrivilegeEscalation !== false)
        problems.push(`${cw}: securityContext.allowPrivilegeEscalation must be false`);
    }
  }

  for (const h of hpas) {
    const where = `HorizontalPodAutoscaler/${h.metadata.name}`;
    if (!deployments.some((d) => d.metadata.name === h.spec.scaleTargetRef?.name))
      problems.push(`${where}: targets ${h.spec.scaleTargetRef?.name}, which is not a Deployment here`);
    if (!(h.spec.minReplicas >= 2)) problems.push(`${where}: minReplicas must be at least 2`);
    if (!(h.spec.maxReplicas > h.spec.minReplicas)) problems.push(`${where}: maxReplicas must exceed minReplicas`);
    if (!(h.spec.metrics ?? []).some((m) => m.resource?.name === 'cpu')) problems.push(`${where}: no CPU target`);
    const target = deployments.find((d) => d.metadata.name === h.spec.scaleTargetRef?.name);
    if (target && containersOf(target).some((c) => !c.resources?.requests?.cpu))
      problems.push(`${where}: CPU utilisation needs CPU requests on every container`);
  }

  for (const s of byKind('Service')) {
    if (!deployments.some((d) => matches(s.spec.selector, d.spec.template.metadata?.labels)))
      problems.push(`Service/${s.metadata.name}: selects no Deployment's pods`);
  }

  for (const ing of byKind('Ingress')) {
    const backends = (ing.spec.rules ?? []).flatMap((r) => r.http?.paths ?? []);
    for (const p of backends) {
      if (!byKind('Service').some((s) => s.metadata.name === p.backend?.service?.name))
        problems.push(`Ingress/${ing.metadata.name}: ${p.path} goes to ${p.backend?.service?.name}, no such Service`);
    }
    if (!backends.some((p) => p.path === '/' && p.backend?.service?.name === 'gateway'))
      problems.push(`Ingress/${ing.metadata.name}: / must go to the gateway`);
    if (!(ing.spec.tls ?? []).length) problems.push(`Ingress/${ing.metadata.name}: no TLS`);
  }
  if (!byKind('Ingress').length) problems.push('no Ingress for the site');

  // Secrets: only in Secrets, never as plain values.
  for (const r of resources) {
    for (const c of containersOf(r)) {
      for (const e of c.env ?? []) {
        const where = `${r.kind}/${r.metadata.name} container ${c.name} env ${e.name}`;
        if (e.value !== undefined && SECRET_NAME.test(e.name))
          problems.push(`${where}: a secret as a plain value (use secretKeyRef)`);
        if (e.value !== undefined && LITERAL_CREDENTIALS.test(e.value))
          problems.push(`${where}: a URL with a literal password`);
        const ref = e.valueFrom?.configMapKeyRef ?? e.valueFrom?.secretKeyRef;
        if (!ref || ref.optional) continue;
        const isSecret = Boolean(e.valueFrom.secretKeyRef);
        if (isSecret && !secretsProvided) continue;
        const source = (isSecret ? secrets : configMaps).find((x) => x.metadata.name === ref.name);
        const keys = { ...(source?.data ?? {}), ...(source?.stringData ?? {}) };
        if (!source || !(ref.key in keys))
          problems.push(`${where}: ${isSecret ? 'Secret' : 'ConfigMap'} ${ref.name} has no key ${ref.key}`);
      }
      for (const f of c.envFrom ?? []) {
        const name = f.configMapRef?.name ?? f.secretRef?.name;
        const pool = f.configMapRef ? configMaps : secrets;
        if (!(f.secretRef && !secretsProvided) && !pool.some((x) => x.metadata.name === name))
          problems.push(`${r.kind}/${r.metadata.name} container ${c.name}: envFrom ${name} does not exist`);
      }
    }
  }
  for (const cm of configMaps) {
    for (const [k, v] of Object.entries(cm.data ?? {})) {
      if (SECRET_NAME.test(k))
        problems.push(`ConfigMap/${cm.metadata.name}: ${k} looks like a secret; put it in a Secret`);
      if (LITERAL_CREDENTIALS.test(v)) problems.push(`ConfigMap/${cm.metadata.name}: ${k} holds a URL with a password`);
    }
  }
  for (const s of secrets) {
    if (s.data) problems.push(`Secret/${s.metadata.name}: use stringData placeholders, not data`);
    for (const [k, v] of Object.entries(s.stringData ?? {})) {
      if (v !== PLACEHOLDER)
        problems.push(`Secret/${s.metadata.name}: ${k} must be the placeholder "${PLACEHOLDER}", never a real value`);
    }
  }
  if (!secretsProvided && secrets.length)
    problems.push(
      `this rendering must not carry Secrets (created out of band): ${secrets.map((s) => s.metadata.name).join(', ')}`,
    );
  return problems;
}

// ---------------------------------------------------------------------------------------------------------------
// NetworkPolicies: who may reach whom, evaluated as Kubernetes does (a pod no policy selects for a direction is open
// in that direction; a selected pod allows only what one of its selecting policies' rules allows). Supports
// matchLabels selectors, ipBlock CIDRs (IPv4, no `except`) and numeric ports.

/**
 * An end of a connection: `{ pod: '<app.kubernetes.io/name>' }` (a pod of the namespace, labelled like that
 * Deployment's pods, or any name for a pod no Deployment describes), `{ namespace, labels }` (a pod of another
 * namespace) or `{ ip }` (outside the cluster).
 */
function endpointOf(resources, end) {
  if (end.ip) return { ip: end.ip };
  if (end.pod) {
    const d = resources.find((r) => r.kind === 'Deployment' && r.metadata.name === end.pod);
    return {
      namespace: 'rampquote',
      labels: d?.spec.template.metadata?.labels ?? { 'app.kubernetes.io/name': end.pod },
    };
  }
  return { namespace: end.namespace, labels: end.labels ?? {} };
}

const ipv4 = (ip) => ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
function inCidr(ip, cidr) {
  const [net, bits] = cidr.split('/');
  const size = 2 ** (32 - Number(bits));
  return Math.floor(ipv4(ip) / size) === Math.floor(ipv4(net) / size);
}

function peerMatches(peer, other) {
  if (peer.ipBlock) return Boolean(other.ip) && inCidr(other.ip, peer.ipBlock.cidr);
  if (other.ip) return false;
  const namespaceOk = peer.namespaceSelector
    ? matches(peer.namespaceSelector.matchLabels, { 'kubernetes.io/metadata.name': other.namespace })
    : other.namespace === 'rampquote';
  return namespaceOk && (!peer.podSelector || matches(peer.podSelector.matchLabels, other.labels));
}

const portMatches = (ports, port, protocol) =>
  !ports?.length || ports.some((p) => (p.protocol ?? 'TCP') === protocol && (p.port === undefined || p.port === port));

/** Whether the policies let `subject` (a pod of the namespace) send (Egress) to or take (Ingress) from `other`. */
function policyAllows(policies, direction, subject, other, port, protocol) {
  const selecting = policies.filter(
    (p) =>
      matches(p.spec.podSelector?.matchLabels, subject.labels) &&
      (p.spec.policyTypes ?? ['Ingress']).includes(direction),
  );
  if (!selecting.length) return true;
  const [rulesKey, peersKey] = direction === 'Ingress' ? ['ingress', 'from'] : ['egress', 'to'];
  return selecting.some((p) =>
    (p.spec[rulesKey] ?? []).some(
      (rule) =>
        portMatches(rule.ports, port, protocol) &&
        (!rule[peersKey]?.length || rule[peersKey].some((peer) => peerMatches(peer, other))),
    ),
  );
}

/** Whether `from` may open a connection to `to` on `port` under the NetworkPolicies of `resources`. */
export function networkAllows(resources, from, to, port, protocol = 'TCP') {
  const policies = resources.filter((r) => r.kind === 'NetworkPolicy');
  const source = endpointOf(resources, from);
  const target = endpointOf(resources, to);
  const sourceInside = source.namespace === 'rampquote';
  const targetInside = target.namespace === 'rampquote';
  return (
    (!sourceInside || policyAllows(policies, 'Egress', source, target, port, protocol)) &&
    (!targetInside || policyAllows(policies, 'Ingress', target, source, port, protocol))
  );
}

/**
 * What the NetworkPolicies get wrong: a service's port reached by anyone but the gateway and the services that call
 * it (`calls`: caller → the services it calls), a call that is blocked, the site not reachable from outside, a pod
 * that cannot reach PostgreSQL, RabbitMQ or DNS, a pod no policy describes that reaches anything.
 */
export function networkProblems(resources, { services, gateway = 'gateway', statics = [], calls, outside }) {
  const problems = [];
  const port = 8080;
  const pods = [gateway, ...services, ...statics];
  for (const to of services) {
    for (const from of pods) {
      const expected = from === gateway || (calls[from] ?? []).includes(to);
      // The service's own ingress rules, whatever the caller's egress says.
      const policies = resources.filter((r) => r.kind === 'NetworkPolicy');
      const target = endpointOf(resources, { pod: to });
      if (!expected && policyAllows(policies, 'Ingress', target, endpointOf(resources, { pod: from }), port, 'TCP'))
        problems.push(`${to} takes connections from ${from} on ${port}; only the gateway and its callers may`);
      if (networkAllows(resources, { pod: from }, { pod: to }, port) !== expected)
        problems.push(
          `${from} → ${to}:${port} is ${expected ? 'blocked' : 'allowed'}; it must be ${expected ? 'allowed' : 'blocked'}`,
        );
    }
    if (networkAllows(resources, outside, { pod: to }, port))
      problems.push(`${to}:${port} is reachable from outside the namespace`);
  }
  for (const to of [gateway, ...statics]) {
    if (!networkAllows(resources, outside, { pod: to }, port))
      problems.push(`${to}:${port} is not reachable from the Ingress`);
  }
  for (const from of [gateway, ...services]) {
    for (const [what, p] of [
      ['PostgreSQL', 5432],
      ['RabbitMQ', 5671],
    ]) {
      if (!networkAllows(resources, { pod: from }, { ip: '10.200.0.5' }, p))
        problems.push(`${from} cannot reach ${what} (${p})`);
    }
  }
  const dns = { namespace: 'kube-system', labels: { 'k8s-app': 'kube-dns' } };
  for (const from of pods) {
    if (!networkAllows(resources, { pod: from }, dns, 53, 'UDP')) problems.push(`${from} cannot ask the DNS`);
  }
  // A pod no slice's policy names (a new Deployment): nothing reaches it, it reaches nothing but the DNS.
  if (networkAllows(resources, outside, { pod: 'intruder' }, port))
    problems.push('a pod no policy names takes connections from outside (no default deny)');
  if (networkAllows(resources, { pod: 'intruder' }, { ip: '203.0.113.7' }, 443))
    problems.push('a pod no policy names reaches the internet (no default deny)');
  return problems;
}
