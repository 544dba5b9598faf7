import * as assert from 'node:assert/strict';
import type { LinkFact } from '../../src/extract/facts';
import { SymbolTable } from '../../src/resolve/symbolTable';
import { facts, linkRepo, symbol } from '../helpers/linkRepo';

function link(edgeType: LinkFact['edgeType'], from: LinkFact['from'], to: LinkFact['to'], extra: Partial<LinkFact> = {}): LinkFact {
  return { edgeType, from, to, line: 3, col: 2, ...extra };
}

describe('resolve/linker: typed links and keys', () => {
  it('places symbols in their own package path, so one file holds a Deployment and a Service of one name', () => {
    const { linked, edges } = linkRepo([
      facts('deploy/web.yaml', 'yaml', {
        symbols: [
          symbol('web', 'resource', { packagePath: 'default/Deployment', keys: ['k8s:label:default/app=web', 'k8s:label:default/tier=fe'] }),
          symbol('web', 'service', { packagePath: 'default/Service' }),
        ],
        links: [link('deploys', { form: 'local', name: 'web', packagePath: 'default/Service' }, { form: 'keys', candidates: [['k8s:label:default/app=web']] })],
      }),
    ]);
    const names = linked[0]!.nodes.map((n) => n.qualifiedName).sort();
    assert.deepEqual(names, ['example.com/r://default/Deployment.web', 'example.com/r://default/Service.web', 'example.com/r://deploy/web.yaml']);
    assert.deepEqual(edges, ['deploys default/Service.web -> default/Deployment.web']);
  });

  it('links to every symbol carrying all keys of the first candidate set that matches', () => {
    const { edges } = linkRepo([
      facts('a.yaml', 'yaml', { symbols: [symbol('a', 'resource', { keys: ['app=web', 'tier=fe'] })] }),
      facts('b.yaml', 'yaml', { symbols: [symbol('b', 'resource', { keys: ['app=web', 'tier=fe'] }), symbol('c', 'resource', { keys: ['app=web'] })] }),
      facts('svc.yaml', 'yaml', {
        symbols: [symbol('svc', 'service')],
        links: [
          link('deploys', { form: 'local', name: 'svc' }, { form: 'keys', candidates: [['app=web', 'tier=fe']] }),
          link('exposes', { form: 'local', name: 'svc' }, { form: 'keys', candidates: [['nothing'], ['tier=fe', 'app=web']] }),
        ],
      }),
    ]);
    assert.deepEqual(edges, [
      'deploys svc.yaml.svc -> a.yaml.a', 'deploys svc.yaml.svc -> b.yaml.b',
      'exposes svc.yaml.svc -> a.yaml.a', 'exposes svc.yaml.svc -> b.yaml.b',
    ]);
  });

  it('drops a link whose target is unknown, or points it at the placeholder it names', () => {
    const { edges } = linkRepo([
      facts('main.tf', 'terraform', {
        symbols: [symbol('aws_lambda_function.f', 'resource')],
        links: [
          link('depends_on', { form: 'local', name: 'aws_lambda_function.f' }, { form: 'keys', candidates: [['tf:.:aws_sqs_queue.gone']] }),
          link('depends_on', { form: 'local', name: 'aws_lambda_function.f' }, { form: 'keys', candidates: [['tf:.:aws_sns_topic.ext']] }, {
            unresolved: { name: 'aws_sns_topic.ext', kind: 'topic' },
          }),
        ],
      }),
    ]);
    // Terraform's package is the module directory, `.` at the repository root.
    assert.deepEqual(edges, ['depends_on ..aws_lambda_function.f -> UNRESOLVED/aws_sns_topic.ext']);
  });

  it('resolves an `expr` end through the file scope, like a reference', () => {
    const { edges } = linkRepo([
      facts('src/trait.ts', 'typescript', { symbols: [symbol('Shape', 'interface')] }),
      facts('src/circle.ts', 'typescript', {
        symbols: [symbol('Circle', 'type')],
        imports: [{ source: './trait', line: 1, col: 0, bindings: [{ imported: 'Shape', local: 'Shape' }] }],
        links: [link('implements', { form: 'local', name: 'Circle' }, { form: 'expr', expr: { form: 'name', name: 'Shape' } })],
      }),
    ]);
    assert.ok(edges.includes('implements src/circle.Circle -> src/trait.Shape'), edges.join('\n'));
  });

  it('a file the extractor declined adds no nodes and no edges', () => {
    const { linked } = linkRepo([facts('chart/templates/d.yaml', 'yaml', { skipReason: 'helm template', symbols: [symbol('x', 'resource')] })]);
    assert.deepEqual(linked[0], { nodes: [], edges: [], routes: [], fallbackRoutes: [], repoLevelNodes: [] });
  });

  it('qualifies a gRPC registration with the proto package and names routes as the rpcs', () => {
    const { linked } = linkRepo([
      facts('proto/greeter.proto', 'proto', {
        packageName: 'helloworld',
        symbols: [symbol('Greeter', 'service', { packagePath: 'helloworld', keys: ['proto:service:Greeter'] }), symbol('Greeter.SayHello', 'rpc', { packagePath: 'helloworld' })],
      }),
      facts('src/GreeterImpl.ts', 'typescript', {
        symbols: [symbol('GreeterImpl', 'type'), symbol('GreeterImpl.sayHello', 'method'), symbol('GreeterImpl.helper', 'method')],
        routes: [{
          method: 'GRPC', path: 'Greeter', mappingType: 'grpc_method', handler: { form: 'name', name: 'GreeterImpl' },
          registeredIn: '', framework: 'grpc', line: 9, col: 0,
        }],
      }),
    ]);
    assert.deepEqual(linked[1]!.routes.map((r) => r.routePattern), ['helloworld.Greeter/SayHello']);
  });
});

describe('resolve/SymbolTable keys', () => {
  it('forgets a removed file\'s keys and tells which files look a key up', () => {
    const table = new SymbolTable();
    table.setFile('a.sql', 'a.sql', facts('a.sql', 'sql', { symbols: [symbol('users', 'table', { keys: ['sql:table:users'] })] }));
    table.setFile('b.sql', 'b.sql', facts('b.sql', 'sql', {
      symbols: [symbol('orders', 'table')],
      links: [link('references', { form: 'local', name: 'orders' }, { form: 'keys', candidates: [['sql:table:users']] })],
    }));
    assert.equal(table.lookupKeys([['sql:table:users']]).length, 1);
    assert.deepEqual([...table.filesLookingUp(['sql:table:users'])], ['b.sql']);
    table.removeFile('a.sql');
    assert.deepEqual(table.lookupKeys([['sql:table:users']]), []);
    table.removeFile('b.sql');
    assert.deepEqual([...table.filesLookingUp(['sql:table:users'])], []);
  });
});

describe('resolve/scope: nested types and wildcard imports', () => {
  it('resolves a nested type written from outside it, in the package or through a wildcard import', () => {
    const declaring = facts('src/Models/Order.cs', 'csharp', {
      packageName: 'Shop.Models',
      symbols: [symbol('Order', 'type'), symbol('Order.Line', 'type'), symbol('Order.Line.Total', 'method')],
    });
    const samePackage = facts('src/Models/Report.cs', 'csharp', {
      packageName: 'Shop.Models',
      symbols: [symbol('Report', 'type'), symbol('Report.Sum', 'method')],
      calls: [{ caller: 'Report.Sum', callee: { form: 'member', object: 'line', property: 'Total', objectType: 'Order.Line' }, line: 4, col: 8 }],
    });
    const importing = facts('src/Api/Controller.cs', 'csharp', {
      packageName: 'Shop.Api',
      symbols: [symbol('Controller', 'type'), symbol('Controller.Get', 'method')],
      imports: [{ source: 'Shop.Models', line: 1, col: 6, bindings: [{ imported: '*', local: 'Shop.Models' }, { imported: '*', local: '*' }] }],
      calls: [
        { caller: 'Controller.Get', callee: { form: 'member', object: 'line', property: 'Total', objectType: 'Order.Line' }, line: 5, col: 8 },
        { caller: 'Controller.Get', callee: { form: 'new', name: 'Report' }, line: 6, col: 12 },
        { caller: 'Controller.Get', callee: { form: 'new', name: 'StringBuilder' }, line: 7, col: 12 },
      ],
    });
    // The C# resolver learns the repo's namespaces from the sources themselves.
    const { edges } = linkRepo([declaring, samePackage, importing], {
      'src/Models/Order.cs': 'namespace Shop.Models;', 'src/Models/Report.cs': 'namespace Shop.Models;', 'src/Api/Controller.cs': 'namespace Shop.Api;',
    });
    assert.deepEqual(edges.filter((e) => e.startsWith('calls')), [
      'calls Shop.Api.Controller.Get -> Shop.Models.Order.Line.Total',
      'calls Shop.Api.Controller.Get -> Shop.Models.Report',
      'calls Shop.Api.Controller.Get -> UNRESOLVED/StringBuilder',
      'calls Shop.Models.Report.Sum -> Shop.Models.Order.Line.Total',
    ]);
  });
});
