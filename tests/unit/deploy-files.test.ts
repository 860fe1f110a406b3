import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { parseConfig } from '../../src/config';

/*
 * No container runtime runs here: these checks read the packaging files and hold them to what they
 * promise (images, ports, probes, environment, a non-root user), against the code's configuration.
 */

type Any = any;
const text = (path: string) => readFileSync(path, 'utf8');
const k8s = (file: string): Any[] => parseAllDocuments(text(`deploy/k8s/${file}`)).map((d) => d.toJS());
const byKind = (docs: Any[], kind: string) => docs.filter((d) => d.kind === kind);
const envOf = (c: Any): Record<string, string> =>
  Object.fromEntries((c.env ?? []).map((e: Any) => [e.name, e.value ?? `<${Object.keys(e.valueFrom ?? {})[0]}>`]));

describe('Dockerfile', () => {
  const lines = text('Dockerfile')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'));
  it('builds in stages and runs as the unprivileged node user, with a health check on /healthz', () => {
    const stages = lines.filter((l) => /^FROM /.test(l));
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(stages.every((l) => /^FROM node:22-/.test(l))).toBe(true);
    expect(lines.some((l) => l.startsWith('COPY --from=build '))).toBe(true);
    const user = lines.findLastIndex((l) => l.startsWith('USER '));
    expect(lines[user]).toBe('USER node');
    expect(user).toBeGreaterThan(lines.findLastIndex((l) => l.startsWith('RUN ')));
    const check = lines.findIndex((l) => l.startsWith('HEALTHCHECK '));
    expect(lines.slice(check, check + 2).join(' ')).toContain('/healthz');
    expect(lines.find((l) => l.startsWith('EXPOSE '))).toBe('EXPOSE 8787 8788');
    expect(lines.find((l) => l.startsWith('CMD '))).toContain('src/node.ts');
    expect(text('.dockerignore')).toMatch(/^node_modules$/m);
  });
});

describe('compose.yaml', () => {
  const doc: Any = parse(text('compose.yaml'), { merge: true });
  it('starts sqld from its official image, the API and two runners on it', () => {
    expect(doc.services.db.image).toMatch(/^ghcr\.io\/tursodatabase\/libsql-server:/);
    const api = doc.services.api;
    expect(api.build).toBe('.');
    expect(api.ports).toContain('8787:8787');
    expect(api.environment).toMatchObject({
      RUN_PHONES: 'false',
      DATABASE_URL: 'http://db:8080',
      NODE_ENV: 'production',
    });
    const runners = Object.entries(doc.services).filter(([, s]: [string, Any]) =>
      s.command?.includes('src/phone-runner.ts'),
    );
    expect(runners.map(([n]) => n)).toEqual(['runner1', 'runner2']);
    for (const [name, r] of runners as [string, Any][]) {
      expect(r.image).toBe(api.image);
      expect(r.environment).toMatchObject({
        RUNNER_ID: name,
        RUNNER_PORT: '8788',
        RUNNER_ADDRESS: `http://${name}:8788`,
        DATABASE_URL: 'http://db:8080',
      });
      expect(r.environment.WAKE_SECRET).toBeDefined();
      expect(r.depends_on.api.condition).toBe('service_healthy');
    }
  });

  it('sets only variables the configuration knows, with values it accepts', () => {
    const env = {
      ...doc.services.runner1.environment,
      WAKE_SECRET: 'x'.repeat(16),
      METRICS_TOKEN: 'y'.repeat(16),
      APP_URL: 'http://localhost:8787',
    };
    expect(() => parseConfig(env)).not.toThrow();
  });
});

describe('Kubernetes manifests', () => {
  const runners = k8s('runners.yaml');
  const api = k8s('api.yaml');
  const config: Any = k8s('config.yaml')[0];

  it('runs the runners as a StatefulSet with readiness on /readyz, a TCP liveness check and a disruption budget', () => {
    const [set] = byKind(runners, 'StatefulSet');
    const pod = set.spec.template.spec;
    const [c] = pod.containers;
    expect(c.command).toContain('src/phone-runner.ts');
    expect(c.ports).toEqual([{ name: 'http', containerPort: 8788 }]);
    expect(c.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'http' });
    expect(c.livenessProbe.tcpSocket).toEqual({ port: 'http' });
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 });
    expect(envOf(c)).toMatchObject({ RUNNER_ID: '$(POD_NAME)', RUNNER_PORT: '8788', POD_NAME: '<fieldRef>' });
    expect(envOf(c).RUNNER_ADDRESS).toMatch(/^http:\/\/\$\(POD_NAME\)\.wapi-runner\./);
    const [svc] = byKind(runners, 'Service');
    expect(svc.spec.clusterIP).toBe('None');
    expect(set.spec.serviceName).toBe(svc.metadata.name);
    const [pdb] = byKind(runners, 'PodDisruptionBudget');
    expect(pdb.spec).toMatchObject({ maxUnavailable: 1, selector: set.spec.selector });
    // A stopping runner needs its grace time to give its leases back.
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(10);
  });

  it('runs the API as a Deployment without phones, probed on /healthz, as a non-root user', () => {
    const [dep] = byKind(api, 'Deployment');
    const [c] = dep.spec.template.spec.containers;
    expect(c.image).toBe(byKind(runners, 'StatefulSet')[0].spec.template.spec.containers[0].image);
    expect(c.ports).toEqual([{ name: 'http', containerPort: 8787 }]);
    expect(c.readinessProbe.httpGet.path).toBe('/healthz');
    expect(c.livenessProbe.httpGet.path).toBe('/healthz');
    expect(envOf(c)).toMatchObject({ RUN_PHONES: 'false', PORT: '8787' });
    expect(dep.spec.template.spec.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 });
    expect(byKind(api, 'Service')[0].spec.ports[0].targetPort).toBe('http');
  });

  it('configures both from one ConfigMap the configuration accepts', () => {
    expect(config.kind).toBe('ConfigMap');
    expect(() => parseConfig({ ...config.data, WAKE_SECRET: 'x'.repeat(16) })).not.toThrow();
    for (const c of [...byKind(runners, 'StatefulSet'), ...byKind(api, 'Deployment')].map(
      (d) => d.spec.template.spec.containers[0],
    )) {
      expect(c.envFrom).toEqual([{ configMapRef: { name: 'wapi-config' } }, { secretRef: { name: 'wapi-secrets' } }]);
    }
  });
});
