import * as assert from 'node:assert/strict';
import { extractYaml, linkLines, symbolSummary, yaml } from '../yaml/helpers';

describe('extract/kubernetes: objects and their links', () => {
  it('declares a Deployment at its metadata.name token, under <namespace>/<Kind>, with object and pod label keys', async () => {
    const facts = await extractYaml(yaml(
      '# The storefront.',
      'apiVersion: apps/v1',
      'kind: Deployment',
      'metadata:',
      '  name: web',
      '  namespace: shop',
      '  labels: {team: retail}',
      'spec:',
      '  template:',
      '    metadata:',
      '      labels:',
      '        app: web',
      '        tier: "frontend"',
      '    spec:',
      '      containers: [{name: web, image: shop/web}]',
    ));
    assert.equal(facts.language, 'yaml');
    assert.equal(facts.syntaxErrors, 0);
    assert.equal(facts.skipReason, undefined);
    assert.deepEqual(facts.symbols.map(symbolSummary), [{
      line: 5, col: 8, name: 'web', kind: 'resource', endLine: 15, signature: 'apps/v1 Deployment web', doc: 'The storefront.',
      exported: true, packagePath: 'shop/Deployment',
      keys: ['k8s:shop/Deployment/web', 'k8s:dir:deploy', 'k8s:label:shop/app=web', 'k8s:label:shop/tier=frontend'],
    }]);
    assert.match(facts.symbols[0]!.bodyHash, /^[0-9a-f]{64}$/);
  });

  it('reads every document of a stream, with `default` as the namespace when none is set', async () => {
    const facts = await extractYaml(yaml(
      'apiVersion: v1',
      'kind: ConfigMap',
      'metadata: {name: settings}',
      '---',
      'apiVersion: v1',
      'kind: Secret',
      'metadata: {name: "token"}',
      '---',
      'apiVersion: apps/v1',
      'kind: StatefulSet',
      'metadata: {name: db}',
      '---',
      'apiVersion: apps/v1',
      'kind: DaemonSet',
      'metadata: {name: agent, namespace: logging}',
      '---',
      'apiVersion: batch/v1',
      'kind: CronJob',
      'metadata: {name: nightly}',
      'spec: {jobTemplate: {spec: {template: {metadata: {labels: {job: nightly}}}}}}',
      '---',
      'apiVersion: rbac.authorization.k8s.io/v1',
      'kind: Role',
      'metadata: {name: reader}',
    ));
    assert.deepEqual(
      facts.symbols.map((s) => [s.packagePath, s.name, s.kind, s.line, s.col]),
      [
        ['default/ConfigMap', 'settings', 'resource', 3, 17],
        ['default/Secret', 'token', 'resource', 7, 18],
        ['default/StatefulSet', 'db', 'resource', 11, 17],
        ['logging/DaemonSet', 'agent', 'resource', 15, 17],
        ['default/CronJob', 'nightly', 'resource', 19, 17],
      ],
    );
    assert.deepEqual(facts.symbols[4]!.keys, ['k8s:default/CronJob/nightly', 'k8s:dir:deploy', 'k8s:label:default/job=nightly']);
  });

  it('links a Service to the workloads carrying all of its selector labels (one candidate)', async () => {
    const facts = await extractYaml(yaml(
      'apiVersion: v1',
      'kind: Service',
      'metadata: {name: web, namespace: shop}',
      'spec:',
      '  selector:',
      '    app: web',
      '    tier: frontend',
    ));
    assert.equal(facts.symbols[0]!.kind, 'service');
    assert.deepEqual(linkLines(facts), ['deploys shop/Service.web -> [k8s:label:shop/app=web k8s:label:shop/tier=frontend k8s:dir:deploy]|[k8s:label:shop/app=web k8s:label:shop/tier=frontend] @5:2']);
  });

  it('links no workload from a Service without a selector (ExternalName, manual Endpoints)', async () => {
    const facts = await extractYaml(yaml(
      'apiVersion: v1',
      'kind: Service',
      'metadata: {name: ext}',
      'spec: {type: ExternalName, externalName: db.example.com}',
    ));
    assert.deepEqual(linkLines(facts), []);
  });

  it('links an Ingress to each backend Service: v1 default backend and rules, v1beta1 serviceName', async () => {
    const facts = await extractYaml(yaml(
      'apiVersion: networking.k8s.io/v1',
      'kind: Ingress',
      'metadata: {name: edge, namespace: shop}',
      'spec:',
      '  defaultBackend: {service: {name: web, port: {number: 80}}}',
      '  rules:',
      '    - http:',
      '        paths:',
      '          - path: /api',
      '            backend:',
      '              service:',
      '                name: api',
      '          - path: /web',
      '            backend: {service: {name: web}}',
      '---',
      'apiVersion: extensions/v1beta1',
      'kind: Ingress',
      'metadata: {name: legacy}',
      'spec:',
      '  backend: {serviceName: old, servicePort: 80}',
      '  rules: [{http: {paths: [{backend: {serviceName: older}}]}}]',
    ));
    assert.deepEqual(linkLines(facts), [
      'exposes shop/Ingress.edge -> [k8s:shop/Service/web k8s:dir:deploy]|[k8s:shop/Service/web] @5:35',
      'exposes shop/Ingress.edge -> [k8s:shop/Service/api k8s:dir:deploy]|[k8s:shop/Service/api] @12:22',
      'exposes default/Ingress.legacy -> [k8s:default/Service/old k8s:dir:deploy]|[k8s:default/Service/old] @20:25',
      'exposes default/Ingress.legacy -> [k8s:default/Service/older k8s:dir:deploy]|[k8s:default/Service/older] @21:50',
    ]);
  });

  it('links each ConfigMap and Secret a pod spec reads to the workload (ConfigMap → workload), once per pair, containers before init containers', async () => {
    const facts = await extractYaml(yaml(
      'apiVersion: apps/v1',
      'kind: Deployment',
      'metadata: {name: api}',
      'spec:',
      '  template:',
      '    spec:',
      '      initContainers:',
      '        - envFrom: [{secretRef: {name: init-token}}]',
      '      containers:',
      '        - envFrom:',
      '            - configMapRef: {name: api-config}',
      '          env:',
      '            - name: A',
      '              valueFrom: {configMapKeyRef: {name: api-config, key: a}}',
      '            - name: B',
      '              valueFrom: {secretKeyRef: {name: api-secret, key: b}}',
      '      volumes:',
      '        - {name: v1, configMap: {name: files}}',
      '        - {name: v2, secret: {secretName: tls}}',
      '        - name: v3',
      '          projected:',
      '            sources: [{configMap: {name: extra}}, {secret: {name: more}}]',
    ));
    const to = 'default/Deployment.api';
    assert.deepEqual(linkLines(facts), [
      `configures [k8s:default/ConfigMap/api-config k8s:dir:deploy]|[k8s:default/ConfigMap/api-config] -> ${to} @11:35`,
      `configures [k8s:default/Secret/api-secret k8s:dir:deploy]|[k8s:default/Secret/api-secret] -> ${to} @16:47`,
      `configures [k8s:default/Secret/init-token k8s:dir:deploy]|[k8s:default/Secret/init-token] -> ${to} @8:39`,
      `configures [k8s:default/ConfigMap/files k8s:dir:deploy]|[k8s:default/ConfigMap/files] -> ${to} @18:39`,
      `configures [k8s:default/Secret/tls k8s:dir:deploy]|[k8s:default/Secret/tls] -> ${to} @19:42`,
      `configures [k8s:default/ConfigMap/extra k8s:dir:deploy]|[k8s:default/ConfigMap/extra] -> ${to} @22:41`,
      `configures [k8s:default/Secret/more k8s:dir:deploy]|[k8s:default/Secret/more] -> ${to} @22:66`,
    ]);
  });

  it('follows anchors, aliases and merge keys within a document; an unknown custom tag is just text', async () => {
    const facts = await extractYaml(yaml(
      'apiVersion: apps/v1',
      'kind: Deployment',
      'metadata:',
      '  name: &name web',
      '  labels: &labels {app: web}',
      'spec:',
      '  template:',
      '    metadata:',
      '      labels:',
      '        <<: *labels',
      '        role: !custom-tag api',
      '    spec:',
      '      containers: [{envFrom: [{configMapRef: {name: *name}}]}]',
    ));
    assert.equal(facts.syntaxErrors, 0);
    assert.deepEqual(facts.symbols[0]!.keys, ['k8s:default/Deployment/web', 'k8s:dir:deploy', 'k8s:label:default/role=api', 'k8s:label:default/app=web']);
    assert.deepEqual(linkLines(facts), ['configures [k8s:default/ConfigMap/web k8s:dir:deploy]|[k8s:default/ConfigMap/web] -> default/Deployment.web @13:52']);
  });

  it('reads the items of a `kind: List`', async () => {
    const facts = await extractYaml(yaml(
      'apiVersion: v1',
      'kind: List',
      'items:',
      '  - apiVersion: v1',
      '    kind: ConfigMap',
      '    metadata: {name: a}',
      '  - apiVersion: v1',
      '    kind: Service',
      '    metadata: {name: b}',
      '    spec: {selector: {app: b}}',
    ));
    assert.deepEqual(facts.symbols.map((s) => `${s.packagePath}.${s.name}@${s.line}:${s.col}`), ['default/ConfigMap.a@6:21', 'default/Service.b@9:21']);
    assert.deepEqual(linkLines(facts), ['deploys default/Service.b -> [k8s:label:default/app=b k8s:dir:deploy]|[k8s:label:default/app=b] @10:11']);
  });
});
