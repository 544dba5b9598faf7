import type { EdgeType, NodeKind } from '../model/kinds';
import type { LanguageId } from '../model/languages';
import type { UrlTemplate } from './httpUrls';

/**
 * What an extractor reports about one file: plain data, no hashes and no repo-wide
 * knowledge. Names are local ("Func", "Type.method"); src/resolve turns them into
 * qualified names and links references across files. Facts are stored per file so a
 * later index run can re-resolve an unchanged file without parsing it again; bump
 * FACTS_FORMAT_VERSION whenever their shape or an extractor's output changes, and when
 * the resolver reads them differently: a graph keeps the links of its unchanged files
 * until their facts are stale.
 */
export const FACTS_FORMAT_VERSION = 105;

// The ids are the rows of the language table (src/model/languages.ts).
export type { LanguageId };

/** Positions are 1-based lines and 0-based columns, as editors show them (col + 1). */
export interface Position {
  readonly line: number;
  readonly col: number;
}

/** A declaration. Its position is the name token, where a language server points. */
export interface SymbolFact extends Position {
  /** Name inside the package: `Func`, `Type`, `Type.method`, `Class.method`. */
  readonly name: string;
  readonly kind: NodeKind;
  readonly endLine: number;
  /** The declaration header as written, whitespace collapsed, without the body. */
  readonly signature: string;
  /** Hash of the symbol's full source text. */
  readonly bodyHash: string;
  /** Leading doc comment or docstring, trimmed; empty when none. */
  readonly doc: string;
  readonly exported: boolean;
  /** Interfaces: the method names they require (Go method-set comparison). */
  readonly methods?: readonly string[];
  /**
   * Interfaces: each required method's spec as written (`Get(key string) (string, bool)`),
   * in the order of `methods`, when the extractor sees it. Go compares parameter and
   * result counts with it, so a client interface is not "implemented" by a server type
   * whose methods merely share names.
   */
  readonly methodSignatures?: readonly string[];
  /** Classes/structs: the types they name as base classes or embed (name as written). */
  readonly bases?: readonly string[];
  /**
   * Overrides the file's package path for this symbol, where DESIGN §4 derives it from
   * the declaration rather than the file (k8s: `<namespace>/<Kind>`). Within a file a
   * symbol is identified by (packagePath, name).
   */
  readonly packagePath?: string;
  /**
   * Names under which other files find this symbol through a LinkFact `keys` end, when
   * the language's own scoping cannot (k8s labels, Terraform addresses, SQL tables,
   * proto full names). Convention: `<language>:<what>:<value>`, e.g.
   * `k8s:label:default/app=web`, `tf:infra/network:aws_sqs_queue.orders`, `sql:table:users`.
   */
  readonly keys?: readonly string[];
  /** Functions and methods: each parameter's type as written, '' where it names a type parameter. */
  readonly params?: readonly string[];
  /** Functions and methods: each result's type as written, '' where it names a type parameter. */
  readonly results?: readonly string[];
  /** Variables and constants: their type, when the declaration shows or implies it. */
  readonly valueType?: TypeExpr;
  /** Structs and classes: named fields and their types as written (embedded ones are `bases`). */
  readonly fields?: readonly FieldFact[];
  /** Types defined over a composite type (`type Items []*Item`): that type as written. */
  readonly underlying?: string;
  /** Type aliases (Go `type A = B`): the aliased type as written; A and B are one type. */
  readonly aliasOf?: string;
  /**
   * TypeScript functions, methods and interfaces with call signatures: each way a value
   * of it can be called (overloads are several), as a function type with numbered
   * parameters, `(p0: A, p1?: B, ...p2: C[]) => R`, type parameters written `unknown`
   * (or as their constraint when that is a primitive: `<P extends string>` as `string`). A
   * callback passed to it has its parameters typed from these, and calling a property
   * holding it gives R when every signature gives one type.
   */
  readonly callable?: readonly string[];
  /**
   * Python functions and methods declared with `@overload` stubs before them: each stub's
   * parameters by shape and its result, `(name, cls=, *, key, fn: callable) -> R`, the
   * result '' when it names a type variable (src/extract/python/symbolTypes.ts,
   * overloadSignature). A call whose arguments are known (`given`) gives the result its
   * matching stubs agree on.
   */
  readonly overloads?: readonly string[];
  /**
   * TypeScript/JavaScript constants bound to an object literal: each property whose value
   * is a name or a dotted path as written (`{ sign }`, `{ verify: check, iso: ns.iso }`),
   * and each spread of one (`...schemas`, named `...`), in source order. `X.sign()` calls
   * what that name declares, as the compiler reads the property.
   */
  readonly objectMembers?: readonly ObjectMember[];
  /**
   * TypeScript/JavaScript functions and methods without a declared result: the type of
   * what their return statements return (an arrow's expression body is its one return),
   * when every one returns a value of a type the file shows; the resolver takes the type
   * they agree on, as the compiler infers it (`gt(v) { return this.setLimit(v); }`).
   */
  readonly returned?: TypeExpr;
  /**
   * TypeScript/JavaScript functions and methods without a declared result whose every
   * return is an object literal: its properties that hold a function the file names, as
   * symbol names (`return { load, cancel: stop }` in `dataLoader` gives `load` ->
   * `dataLoader>load`, `cancel` -> `dataLoader>stop`). `dataLoader().load()` calls that
   * function, as the compiler types the literal.
   */
  readonly returnedMembers?: readonly ObjectMember[];
}

/** A property of an object literal that holds a name (SymbolFact.objectMembers, returnedMembers). */
export interface ObjectMember {
  readonly name: string;
  readonly value: string;
}

/** The shape of a call's arguments: how many are positional, and the keywords given. */
export interface CallArguments {
  readonly positional: number;
  readonly keywords?: readonly string[];
  /** The positions of positional arguments written as a string or number literal: never a function. */
  readonly literals?: readonly number[];
}

/** A named field of a struct or class. */
export interface FieldFact {
  readonly name: string;
  readonly type: string;
}

/**
 * The type of a value, as declarations let the resolver compute it when it links: the
 * extractor sees one file, and the types a receiver needs are often declared in others.
 * - `named`: a type as written in this file (`T`, `*pkg.T`, `[]T`, `map[K]V`);
 * - `value`: the declared type of the variable or constant `of` names (`x`, `pkg.Var`);
 * - `result`: the `index`-th result (default 0) of calling `call`: a function's declared
 *   result, a conversion's or a constructor's type; with the arguments `given`, the
 *   result of the overloads that take them (Python);
 * - `field`: the field `name` of a value of type `of`, found along embedded and base types;
 * - `element`: what indexing or ranging over a value of type `of` yields (`indexed`: indexing
 *   only, where a mapping gives its values, not the keys iterating gives);
 * - `mapped`: what `of.map(cb)` gives: when `of` is an array, an array of `to` (the type of
 *   the callback's expression body), else what calling `call` gives (TypeScript);
 * - `either`: one of several values: known when all name one type; with `branches`, the
 *   value is whichever branch ran (`c ? a : b`, `a ?? b`), so a method called on it may be
 *   each branch's (without it, several bindings of one name, which must agree);
 * - `param`: the `index`-th parameter of the function type `of` (a callback's parameter typed
 *   by the function type its variable is declared with);
 * - `returns`: the `index`-th result (default 0) of calling a value of the function type
 *   `of` (Go: `done(t)` for a `done` of type `func(*testing.T) *Output`);
 * - `callback`: the type of the `index`-th parameter of a function passed as the
 *   `argument`-th of `arguments` arguments to `call` (or as its `property`, when an object
 *   literal is passed), as the callee's declaration gives it (TypeScript: `app.get('/',
 *   (c) => ...)`, `f({ onError: (c) => ... })`); known when every signature of the callee
 *   that takes that many arguments gives it one type;
 * - `inherited`: the type of the `index`-th parameter of `method` as the nearest base of the
 *   class `owner` (as this file names it) that declares it annotates it (Python: an
 *   override's unannotated parameter, as pyright infers it).
 * What the resolver cannot pin down stays unknown, and a call on it makes no edge.
 */
export type TypeExpr =
  | { readonly t: 'named'; readonly name: string }
  | { readonly t: 'value'; readonly of: CalleeExpr }
  | {
      readonly t: 'result';
      readonly call: CalleeExpr;
      readonly index?: number;
      readonly given?: CallArguments;
      /** TypeScript: the call writes type arguments (`f<T>()`), so an overload that repeats an earlier one's parameters may be the one called. */
      readonly typeArguments?: true;
    }
  | { readonly t: 'field'; readonly of: TypeExpr; readonly name: string }
  | {
      readonly t: 'element';
      readonly of: TypeExpr;
      readonly indexed?: true;
      /** Python's tuple target (`key, item = pair`): the element at this position, a fixed tuple's own. */
      readonly position?: number;
    }
  | { readonly t: 'either'; readonly of: readonly TypeExpr[]; readonly branches?: true }
  | { readonly t: 'mapped'; readonly of: TypeExpr; readonly to: TypeExpr; readonly call: CalleeExpr }
  | { readonly t: 'param'; readonly of: TypeExpr; readonly index: number }
  | { readonly t: 'returns'; readonly of: TypeExpr; readonly index?: number }
  | {
      readonly t: 'callback';
      readonly call: CalleeExpr;
      readonly argument: number;
      readonly arguments: number;
      readonly property?: string;
      readonly index: number;
    }
  | { readonly t: 'inherited'; readonly owner: string; readonly method: string; readonly index: number };

/**
 * One import statement. `source` is the module as written (`./util`, `net/http`,
 * `..models`, `a.b.c`). Each binding maps a local name to what it imports:
 * `*` for the whole module (Go package, `import * as ns`, `import a.b as c`),
 * `default` for a default import, otherwise the exported name.
 */
export interface ImportFact extends Position {
  readonly source: string;
  readonly bindings: readonly ImportBinding[];
  /** `export ... from` re-exports: the bindings become exports of this module. */
  readonly reexport?: boolean;
  /** C#'s `using static A.B.C;`: besides C itself, C's nested types and static members are visible unqualified. */
  readonly members?: true;
}

export interface ImportBinding {
  readonly imported: string;
  readonly local: string;
}

/**
 * The callee as the syntax shows it. `objectType` is the type name the extractor could
 * see for the object from local declarations (a typed parameter, `x := T{}`, a Go
 * receiver, `this`/`self` inside a class, an annotated class field); resolve uses it
 * to find `Type.property`. An absent objectType means "unknown": resolve then emits
 * nothing for a member call rather than guess.
 */
export type CalleeExpr =
  | {
      readonly form: 'name';
      readonly name: string;
      readonly instantiated?: true;
      /** Python: the calling function imports the name in its body, so it is the import's, not the file's symbol of that name. */
      readonly imported?: true;
    }
  | {
      readonly form: 'member';
      /** The object as written: an identifier, `this`, `self`, or a dotted path. */
      readonly object: string;
      readonly property: string;
      readonly objectType?: string;
      /** The object's type as an expression to evaluate, when objectType cannot name it. */
      readonly receiverType?: TypeExpr;
      readonly instantiated?: true;
      /** Python's `super().m()`: m as the bases of objectType, the class the call is written in, declare it. */
      readonly viaSuper?: true;
    }
  | { readonly form: 'new'; readonly name: string; readonly object?: string };

/**
 * `instantiated` (Go): the callee is written indexed, `F[T](x)` or `pkg.F[T](x)`. That
 * calls an instance of a generic function when the name denotes a function; when it
 * denotes a slice or map of functions (`handlers[i](x)`), it calls an element, which
 * names no single function.
 */

/**
 * A call. Its position is the start of the callee's name token: the identifier in
 * `foo()`, the property in `a.b.foo()`, the class name in `new Foo()`. That position is
 * unique per call (chained calls share a start) and is where a language server's
 * definition query is asked.
 */
export interface CallFact extends Position {
  /** The enclosing symbol's name, or '' for module scope. */
  readonly caller: string;
  readonly callee: CalleeExpr;
}

/** An HTTP request a function sends to a URL its code writes (fetch, axios, http.Get, requests...). */
export interface HttpCallFact extends Position {
  /** The enclosing symbol's name, or '' for module scope. */
  readonly caller: string;
  /** GET, POST...; ANY when the code does not fix it. */
  readonly method: string;
  readonly url: UrlTemplate;
  /** The client: fetch, axios, net/http, requests... */
  readonly client: string;
}

/** A non-call use of an identifier (Go references). */
export interface ReferenceFact extends Position {
  readonly from: string;
  readonly target: CalleeExpr;
}

/**
 * A route registration. HTTP: `path` is the pattern normalised to `{param}` placeholders
 * and `handler` the function serving it. gRPC (`grpc_method`): `path` is either the
 * service, short (`Greeter`) or package-qualified (`helloworld.Greeter`), with the type
 * implementing it as `handler` (the linker adds one route per method, named as the
 * proto's rpc and qualified with the proto package when a proto file of the repo
 * declares the service), or one method `Service/Method` with the symbol serving it.
 */
export interface RouteFact extends Position {
  /** HTTP method in upper case, `ANY` when the registration does not fix one; `GRPC` for gRPC. */
  readonly method: string;
  readonly path: string;
  readonly mappingType: 'http_route' | 'grpc_method';
  /** The handler: a symbol of this file by name, or a callee to resolve. */
  readonly handler: CalleeExpr | null;
  /** The symbol the registration sits in, '' for module scope. */
  readonly registeredIn: string;
  readonly framework: string;
  /**
   * Set when only the handler's kind makes the call a route (Go's generic `x.Get("/p", h)`
   * on a router type no framework table knows): the route stands only if the handler
   * resolves to a function or method (`function`), or, for a handler built by a call
   * (`x.Get("/p", wrap(h))`), to a function or method returning a function or a
   * `Handler`/`HandlerFunc` type (`factory`).
   */
  readonly handlerMust?: 'function' | 'factory';
  /**
   * Python: the module-level router the route is registered on (a Flask app or
   * Blueprint, a FastAPI app or APIRouter, Django's `urlpatterns`) and that router's own
   * prefix, already part of `path`; the linker adds the prefixes of its mounts.
   */
  readonly router?: { readonly name: string; readonly prefix: string };
}

/**
 * Python: a router served through another (`app.include_router(items.router,
 * prefix='/v1')`, `app.register_blueprint(bp, url_prefix='/x')`, Django
 * `path('api/', include('shop.urls'))`). The mounted router is `name` in the module
 * imported as `source` ('' for this file); its routes are served under `into`'s
 * prefixes, then `intoPrefix` (the own prefix of `into`), then `prefix`.
 */
export interface RouteMountFact extends Position {
  readonly source: string;
  readonly name: string;
  readonly into: string;
  readonly intoPrefix: string;
  readonly prefix: string;
  /** Flask: register_blueprint's `url_prefix` replaces the blueprint's own. */
  readonly replacesOwnPrefix: boolean;
  readonly framework: string;
}

/**
 * The edge types a LinkFact may produce; routes come from RouteFacts. Calls come from
 * CallFacts, except where the callee is found by keys rather than a scope (SQL routines).
 */
export type LinkEdgeType = Exclude<EdgeType, 'handles_route' | `runtime_${string}`>;

/**
 * One end of a LinkFact:
 * - `local`: a symbol of this file by name ('' is the file's module node), with its
 *   packagePath when the symbol overrides it;
 * - `expr`: a name resolved through the file's scope, exactly like a reference;
 * - `keys`: candidate key sets tried in order; the first set that some symbols of the
 *   repo all carry wins, and the link goes to each of them (a label selector can select
 *   several Deployments). Candidates express scoping: proto `a.b.Msg`, then `a.Msg`.
 *   `within: 'imports'` counts only symbols of this file and of the files it imports,
 *   directly or through the re-exports of those (proto `import public`), transitively.
 */
export type LinkEnd =
  | { readonly form: 'local'; readonly name: string; readonly packagePath?: string }
  | { readonly form: 'expr'; readonly expr: CalleeExpr }
  | { readonly form: 'keys'; readonly candidates: readonly (readonly string[])[]; readonly within?: 'imports' };

/**
 * A typed edge between two symbols that is neither a call nor a route: infrastructure
 * links (depends_on, deploys, exposes, configures, publishes, subscribes, connects_to),
 * references resolved by keys (SQL, proto), calls of SQL routines found by keys,
 * implements declared apart from the type (Rust `impl Trait for Type`). Its position is
 * where the link is written.
 */
export interface LinkFact extends Position {
  readonly edgeType: LinkEdgeType;
  readonly from: LinkEnd;
  readonly to: LinkEnd;
  /** When `to` matches nothing: link to an UNRESOLVED placeholder of this name and kind instead of dropping the fact. */
  readonly unresolved?: { readonly name: string; readonly kind: NodeKind };
}

/**
 * A publish or a consumer registration on a messaging client with a topic this file fixes
 * (a literal or a constant of the file); see src/extract/messaging.ts. The linker makes
 * one topic node per (system, topic) shared by every repository, and a `queue_topic`
 * route row for each consumer.
 */
export interface MessagingFact extends Position {
  readonly role: 'publishes' | 'subscribes';
  /** OpenTelemetry `messaging.system`: kafka, nats, rabbitmq, gcp_pubsub, aws_sqs, redis. */
  readonly system: string;
  /** The topic, queue, subject or stream, as `messaging.destination.name` spans name it. */
  readonly topic: string;
  /** The enclosing symbol's name, or '' for module scope. */
  readonly caller: string;
  /** Consumers: the handler when it is named; else the caller consumes. */
  readonly handler?: CalleeExpr;
}

export interface FileFacts {
  readonly path: string;
  readonly language: LanguageId;
  readonly symbols: readonly SymbolFact[];
  readonly imports: readonly ImportFact[];
  readonly calls: readonly CallFact[];
  readonly references: readonly ReferenceFact[];
  readonly routes: readonly RouteFact[];
  /** Typed links resolved by the linker; absent when the extractor produces none. */
  readonly links?: readonly LinkFact[];
  /** HTTP requests to URLs the code writes; absent when there are none. */
  readonly httpCalls?: readonly HttpCallFact[];
  /** Publishes and consumer registrations; absent when there are none. */
  readonly messaging?: readonly MessagingFact[];
  /** Python: routers mounted into others; absent when there are none. */
  readonly routeMounts?: readonly RouteMountFact[];
  /**
   * Set when the extractor recognised the file but does not read it (a Helm template,
   * YAML that is no manifest or template): the file adds no nodes, and the index summary
   * counts it under this reason.
   */
  readonly skipReason?: string;
  /** TS/JS: the local symbol name behind `export default`, when it names one. */
  readonly defaultExport?: string;
  /**
   * Python: the names `from <this module> import *` binds, from a literal `__all__`;
   * `null` when `__all__` is bound in a way a reader cannot evaluate (such a star import
   * binds no name we can know); absent without `__all__`: every name not starting with `_`.
   */
  readonly starExports?: readonly string[] | null;
  /** Go: the `package` clause name. */
  readonly packageName?: string;
  /** Syntax errors seen; the facts are then partial but still used. */
  readonly syntaxErrors: number;
  /** Set when the file says a tool wrote it (`Code generated ... DO NOT EDIT.`; generatedCode.ts). */
  readonly generated?: true;
}
