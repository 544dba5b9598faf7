import * as fs from 'node:fs';
import * as path from 'node:path';
import { fuzzExtractor } from '../../helpers/fuzz';

const REPOS = path.join(__dirname, '..', '..', 'fixtures', 'repos');

function fixture(file: string): string {
  return fs.readFileSync(path.join(REPOS, file), 'utf8');
}

describe('extract/yaml fuzz', () => {
  const manifests = [fixture('k8s-basic/base/app.yaml'), fixture('k8s-basic/base/data.yaml'), fixture('k8s-basic/overlays/prod/kustomization.yaml')];
  const templates = [fixture('cloud-basic/billing/template.yaml'), fixture('cloud-basic/orders/serverless.yml')];

  it('never throws on 2000 mutated Kubernetes manifests', async () => {
    await fuzzExtractor('deploy/app.yaml', manifests, 2000, 20261122);
  });

  it('never throws on 2000 mutated Serverless and SAM templates', async () => {
    await fuzzExtractor('template.yaml', templates, 1000, 1122);
    await fuzzExtractor('orders/serverless.yml', templates, 1000, 2211);
  });

  it('never throws on 1000 mutated compose files', async () => {
    await fuzzExtractor('docker-compose.yml', [fixture('cloud-basic/docker-compose.yml')], 1000, 4242);
  });
});
