import type { CalleeExpr, LanguageId, RouteFact } from '../extract/facts';
import { languageFamily } from './languageFamily';
import type { FileScope, Resolution } from './scope';
import { type SymbolTable, grpcServiceKey, grpcShortServiceName } from './symbolTable';
import { type WrittenType, receiverTypeOf, typeSymbolOf } from './valueTypes';

type SymbolResolution = Extract<Resolution, { kind: 'symbol' }>;

/** A gRPC service as the repository's proto files declare it. */
export interface GrpcService {
  /** `helloworld.Greeter`, or the name as written when no proto declares it in one package. */
  readonly fullName: string;
  /** Its rpcs by name (`SayHello`), when a proto declares it. */
  readonly rpcs?: ReadonlyMap<string, SymbolResolution>;
}

/**
 * A service named in generated code (which carries no proto package): qualified with its
 * package when the repository's proto files that declare a service of that name agree on
 * one package (copies of one proto vendored per service do), with its rpcs, taken from
 * the copy whose file sorts first so that every client and server meets at one rpc node.
 * A name written with its package (`helloworld.Greeter`, as grpc-js's loaded definitions
 * spell it) is that package's service.
 */
export function grpcServiceNamed(table: SymbolTable, name: string): GrpcService {
  const dot = name.lastIndexOf('.');
  const writtenPackage = dot < 0 ? undefined : name.slice(0, dot);
  const declared = table.lookupKeys([[grpcServiceKey(name.slice(dot + 1))]])
    .filter((d) => writtenPackage === undefined || d.packagePath === writtenPackage);
  if (declared.length === 0 || new Set(declared.map((d) => d.packagePath)).size !== 1) return { fullName: name };
  const { packagePath, entry } = declared[0]!;
  const prefix = `${entry.name}.`;
  const rpcs = new Map<string, SymbolResolution>();
  for (const rpc of table.entries(packagePath)) {
    if (rpc.kind === 'rpc' && rpc.name.startsWith(prefix)) rpcs.set(rpc.name.slice(prefix.length), { kind: 'symbol', packagePath, entry: rpc });
  }
  return { fullName: packagePath ? `${packagePath}.${entry.name}` : entry.name, rpcs };
}

/**
 * The client stub classes protoc's gRPC plugins generate, by the suffix they give the
 * service's name: `GreeterClient` (Go, C#, Node grpc-tools, Rust tonic), `GreeterStub`
 * (Python), `GreeterBlockingStub`, `GreeterFutureStub` and `GreeterStub` (Java).
 */
const STUB_TYPE = /^([A-Z]\w*?)(BlockingV2Stub|BlockingStub|FutureStub|Stub|Client)$/;

/** Files protoc's gRPC plugins write, whose types are generated stubs. */
const GENERATED_FILE = /(_grpc\.pb\.go|_pb2_grpc\.pyi?|Grpc\.java|Grpc\.cs|_grpc_pb\.(?:js|d\.ts|ts))$/;

/**
 * The rpc a call invokes through a generated client stub: a method of `<Service>Client`,
 * `<Service>Stub`... of generated code, in the repository (its file is a plugin's output)
 * or outside it (its module is: `*_pb2_grpc`, `*_grpc_pb`, `<Service>Grpc.` for Java,
 * `<Service>.<Service>Client` for C#, a `<service>_client` module for tonic, and for Go
 * a package the calling file uses with `google.golang.org/grpc` imported), naming an
 * rpc of a service the repository's proto files declare. The method is the rpc's name
 * as the plugin writes it: the same (Go, Python, C#), lower camel case (Java, Node), with
 * `Async` (C#) or in snake case (Rust). Anything else is no rpc call: a hand-written
 * class that only shares a service's name links nowhere.
 */
export function rpcCalledThrough(
  target: Resolution, language: LanguageId, importsGrpc: boolean, table: SymbolTable,
): SymbolResolution | undefined {
  let segments: string[];
  if (target.kind === 'external') {
    segments = target.name.split('.');
    if (!generatedModule(segments, language, importsGrpc)) return undefined;
  } else if (target.kind === 'symbol' && target.entry.kind === 'method' && generatedFile(target.entry, table)) {
    // A stub generated in another repository of the graph meets the rpcs of that repository's protos.
    return rpcOfStubMember(target.entry.name.split('.'), language, target.entry.foreign ?? table);
  } else {
    return undefined;
  }
  return rpcOfStubMember(segments, language, table);
}

/** The rpc that `<...>.<Service>Stub.<method>` names, when the repository's proto files declare it. */
function rpcOfStubMember(segments: readonly string[], language: LanguageId, table: SymbolTable): SymbolResolution | undefined {
  if (segments.length < 2) return undefined;
  const stub = STUB_TYPE.exec(segments.at(-2)!);
  if (!stub) return undefined;
  return rpcNamed(grpcServiceNamed(table, stub[1]!), segments.at(-1)!, language);
}

/** The service's rpc a client method stands for, named as the language's plugin names it. */
function rpcNamed(service: GrpcService, method: string, language: LanguageId): SymbolResolution | undefined {
  const wanted = comparable(method, language);
  for (const [name, rpc] of service.rpcs ?? []) if (comparable(name, language) === wanted) return rpc;
  return undefined;
}

/** @grpc/grpc-js's (or the older `grpc` package's) loader of proto definitions at run time. */
const GRPC_JS_LOADER = /^(?:@grpc\/grpc-js|grpc)\.loadPackageDefinition$/;

/**
 * A grpc-js client constructed from a proto loaded at run time, `new pkg.helloworld.Greeter(
 * address, credentials)`: the service's full name (`helloworld.Greeter`) when `pkg` is a
 * module-level value bound to `loadPackageDefinition(...)` of the grpc-js package, whose
 * result holds each package of the proto and, in it, a client constructor per service.
 */
function loadedServiceOf(written: WrittenType): string | undefined {
  const { scope, text } = written;
  const segments = text.split('.');
  if (languageFamily(scope.language) !== 'typescript' || segments.length < 2) return undefined;
  const root = scope.resolveName(segments[0]!, false);
  if (root?.kind !== 'symbol') return undefined;
  const value = root.entry.fact.valueType;
  if (value?.t !== 'result' || value.index) return undefined;
  const loader = scope.scopeOfEntry(root.entry, root.packagePath)?.resolveCallee(value.call);
  return loader?.kind === 'external' && GRPC_JS_LOADER.test(loader.name) ? segments.slice(1).join('.') : undefined;
}

/** A declaration in a plugin's output file: named as plugins name them, or saying it is generated (ts-proto's `demo.ts`). */
function generatedFile(entry: SymbolResolution['entry'], table: SymbolTable): boolean {
  return GENERATED_FILE.test(entry.file) || (entry.foreign ?? table).factsOf(entry.file)?.generated === true;
}

function generatedModule(segments: readonly string[], language: LanguageId, importsGrpc: boolean): boolean {
  const stubAt = segments.length - 2;
  const owner = segments[stubAt - 1] ?? '';
  const service = STUB_TYPE.exec(segments[stubAt] ?? '')?.[1];
  switch (language) {
    case 'python': return segments.slice(0, stubAt).some((s) => s.endsWith('_pb2_grpc'));
    case 'typescript':
    case 'tsx':
    case 'javascript': return segments.slice(0, stubAt).some((s) => /_grpc_pb(?:\.js)?$/.test(s));
    case 'java': return service !== undefined && owner === `${service}Grpc`;
    case 'csharp': return service !== undefined && owner === service;
    case 'rust': return /_client$/.test(owner);
    case 'go': return importsGrpc;
    default: return false;
  }
}

/** A method name as the language's plugin writes an rpc's: compared without case, underscores or C#'s `Async`. */
function comparable(name: string, language: LanguageId): string {
  const plain = language === 'csharp' ? name.replace(/Async$/, '') : name;
  return plain.replace(/_/g, '').toLowerCase();
}

/**
 * A call that resolves to no declaration, on a value whose written type is a generated
 * client stub: declared nowhere the graph sees (C#'s `Greeter.GreeterClient`, generated at
 * build time into a namespace a `using` opens), or declared in a plugin's output file that
 * binds the rpcs as attributes (Python's `demo_pb2_grpc.py` checked into the repository).
 */
export function rpcOfUnresolvedStubCall(scope: FileScope, callee: CalleeExpr, importsGrpc: boolean, table: SymbolTable): SymbolResolution | undefined {
  if (callee.form !== 'member') return undefined;
  const written = receiverTypeOf(callee, scope, 0);
  if (!written) return undefined;
  const loaded = loadedServiceOf(written);
  if (loaded) {
    const service = grpcServiceNamed(table, loaded);
    // The loaded object nests each service in its package: `pkg.Greeter` is a package-less proto's.
    return service.fullName === loaded ? rpcNamed(service, callee.property, scope.language) : undefined;
  }
  const declared = typeSymbolOf(written);
  if (declared?.kind === 'symbol') {
    // Python's generated stub class binds each rpc in `__init__` (`self.SayHello =
    // channel.unary_unary(...)`): an attribute, no method a call could resolve to.
    const { entry } = declared;
    return entry.kind === 'type' && generatedFile(entry, table) ? rpcOfStubMember([...entry.name.split('.'), callee.property], scope.language, table) : undefined;
  }
  if (written.scope !== scope || declared) return undefined;
  const named = scope.typeSyntax.named(written.text);
  if (!named) return undefined;
  const called = (type: string) => rpcCalledThrough({ kind: 'external', name: `${type}.${callee.property}` }, scope.language, importsGrpc, table);
  const rpc = called(named);
  if (rpc || named.includes('.')) return rpc;
  // C#'s plugin nests `GreeterClient` in the static class `Greeter`, whose nested types a
  // `using static Helloworld.Greeter;` makes visible unqualified.
  const rpcs = scope.outsideTypesWithImportedMembers().map((type) => called(`${type}.${named}`)).filter((r) => r !== undefined);
  return rpcs.length > 0 && rpcs.every((r) => r.entry === rpcs[0]!.entry) ? rpcs[0] : undefined;
}

/**
 * A registration of a class that already declares the service it serves (Python: it
 * derives from the generated servicer base): the class's own route fact makes the
 * routes, so the registration adds no second route node for each rpc.
 */
export function servesByDeclaration(table: SymbolTable, handler: SymbolResolution, route: RouteFact): boolean {
  const { fact, file, name } = handler.entry;
  const service = grpcShortServiceName(route.path);
  return (table.factsOf(file)?.routes ?? []).some((r) => r !== route && r.mappingType === 'grpc_method'
    && r.handler?.form === 'name' && r.handler.name === name && grpcShortServiceName(r.path) === service
    && r.line >= fact.line && r.line <= fact.endLine);
}

/**
 * The methods of a gRPC server type, one route each, named as the rpc: with the proto's
 * rpc list, the methods matching an rpc regardless of the first letter's case (Java's
 * `sayHello` serves `SayHello`) and, in Rust, of underscores (tonic's `say_hello`);
 * without it, the methods whose names start upper case (Go's exported methods, C# and
 * Python servicers).
 */
export function grpcServerMethods(
  table: SymbolTable, type: SymbolResolution, rpcs: readonly string[] | undefined,
): { name: string; resolution: SymbolResolution }[] {
  const familyOf = (file: string): string | undefined => {
    const language = table.factsOf(file)?.language;
    return language && languageFamily(language);
  };
  const prefix = `${type.entry.name}.`;
  const family = familyOf(type.entry.file);
  // tonic writes `SayHello` as the trait method `say_hello`: Rust compares without underscores.
  const key = (name: string) => (family === 'rust' ? name.replace(/_/g, '') : name).toLowerCase();
  const rpcByLowerName = rpcs && new Map(rpcs.map((rpc) => [key(rpc), rpc]));
  const methods: { name: string; resolution: SymbolResolution }[] = [];
  for (const entry of table.entries(type.packagePath)) {
    if (entry.kind !== 'method' || !entry.name.startsWith(prefix) || familyOf(entry.file) !== family) continue;
    const method = entry.name.slice(prefix.length);
    const name = rpcByLowerName ? rpcByLowerName.get(key(method)) : /^[A-Z]/.test(method) ? method : undefined;
    if (name) methods.push({ name, resolution: { kind: 'symbol', packagePath: type.packagePath, entry } });
  }
  return methods;
}
