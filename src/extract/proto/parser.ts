import { type ProtoComment, type ProtoToken, tokenizeProto } from './tokenizer';

/**
 * A tolerant recursive-descent parser for proto2/proto3/editions files, reading only what
 * the graph needs: package, imports, messages and enums (nested ones by dotted path),
 * services with their rpcs, and the message types that fields and rpcs name. Anything it
 * does not expect is counted as an error and skipped to the end of its statement or
 * block, so a broken declaration costs only itself.
 */

/** A message type named in a field or an rpc, with the message scope it is named in. */
export interface ProtoTypeUse {
  readonly name: string;
  readonly at: ProtoToken;
  /** Dotted path of the enclosing message ('' at package level, e.g. in an rpc). */
  readonly scope: string;
}

export interface ProtoDeclaration {
  /** Dotted path inside the package: `Outer.Inner`, `Greeter`. */
  readonly name: string;
  readonly keyword: ProtoToken;
  readonly nameToken: ProtoToken;
  /** The last token of the declaration: its closing brace or semicolon. */
  readonly last: ProtoToken;
}

export interface ProtoType extends ProtoDeclaration {
  readonly kind: 'message' | 'enum';
  /** Message-typed fields (map values included), in source order. */
  readonly fields: readonly ProtoTypeUse[];
}

export interface ProtoRpc extends ProtoDeclaration {
  /** The rpc's own name, without the service. */
  readonly method: string;
  readonly request?: ProtoTypeUse;
  readonly response?: ProtoTypeUse;
}

export interface ProtoService extends ProtoDeclaration {
  readonly rpcs: readonly ProtoRpc[];
}

export interface ProtoImport {
  readonly path: string;
  readonly keyword: ProtoToken;
  /** `import public`: files importing this one see the imported file's names too. */
  readonly isPublic: boolean;
}

export interface ProtoDocument {
  readonly packageName: string;
  readonly imports: readonly ProtoImport[];
  readonly types: readonly ProtoType[];
  readonly services: readonly ProtoService[];
  readonly comments: readonly ProtoComment[];
  readonly errors: number;
}

/** Deeper nesting than this is skipped rather than recursed into (stack safety). */
const MAX_NESTING = 64;
const FIELD_LABELS = new Set(['optional', 'required', 'repeated']);
/** Declarations that only appear at file level: seen inside a body, that body was left open. */
const FILE_LEVEL_ONLY = new Set(['service', 'package', 'import', 'syntax', 'edition']);

export function parseProto(source: string): ProtoDocument {
  const { tokens, comments, errors } = tokenizeProto(source);
  const parser = new ProtoParser(tokens);
  parser.parseFile();
  return {
    packageName: parser.packageName,
    imports: parser.imports,
    types: parser.types,
    services: parser.services,
    comments,
    errors: errors + parser.errors,
  };
}

class ProtoParser {
  packageName = '';
  readonly imports: ProtoImport[] = [];
  readonly types: ProtoType[] = [];
  readonly services: ProtoService[] = [];
  errors = 0;
  private at = 0;

  constructor(private readonly tokens: readonly ProtoToken[]) {}

  parseFile(): void {
    while (this.at < this.tokens.length) {
      const token = this.tokens[this.at]!;
      const word = token.kind === 'word' ? token.text : '';
      if (word === 'package') this.parsePackage();
      else if (word === 'import') this.parseImport();
      else if (word === 'message') this.parseMessage('', 0);
      else if (word === 'enum') this.parseEnum('');
      else if (word === 'service') this.parseService();
      else if (word === 'syntax' || word === 'edition' || word === 'option' || word === 'extend') this.skipStatement();
      else if (isPunct(token, ';')) this.at++;
      else this.fail();
    }
  }

  private parsePackage(): void {
    this.at++;
    const name = this.peek();
    if (name?.kind !== 'word') {
      this.fail();
      return;
    }
    this.packageName = name.text.replace(/^\./, '');
    this.at++;
    this.expectSemicolon();
  }

  private parseImport(): void {
    const keyword = this.tokens[this.at++]!;
    const modifier = this.peek();
    const hasModifier = modifier?.kind === 'word' && (modifier.text === 'public' || modifier.text === 'weak');
    if (hasModifier) this.at++;
    const path = this.peek();
    if (path?.kind !== 'string') {
      this.fail();
      return;
    }
    this.imports.push({ path: path.text, keyword, isPublic: hasModifier && modifier.text === 'public' });
    this.at++;
    this.expectSemicolon();
  }

  /** A missing `;` after a one-line statement is an error, but what follows is still read. */
  private expectSemicolon(): void {
    if (isPunct(this.peek(), ';')) this.at++;
    else this.errors++;
  }

  private parseMessage(scope: string, depth: number): void {
    const keyword = this.tokens[this.at++]!;
    const nameToken = this.peek();
    if (nameToken?.kind !== 'word' || !isPunct(this.tokens[this.at + 1], '{') || depth >= MAX_NESTING) {
      this.fail();
      return;
    }
    this.at += 2;
    const name = scope ? `${scope}.${nameToken.text}` : nameToken.text;
    const fields: ProtoTypeUse[] = [];
    const last = this.parseMessageBody(name, fields, depth);
    this.types.push({ kind: 'message', name, keyword, nameToken, last, fields });
  }

  /** Members up to the closing brace, which it returns (the last token at end of file). */
  private parseMessageBody(scope: string, fields: ProtoTypeUse[], depth: number): ProtoToken {
    for (;;) {
      const token = this.peek();
      if (!token) return this.endOfFile();
      if (isPunct(token, '}')) {
        this.at++;
        return token;
      }
      const word = token.kind === 'word' ? token.text : '';
      if (FILE_LEVEL_ONLY.has(word)) return this.unclosedBefore();
      if (word === 'message') this.parseMessage(scope, depth + 1);
      else if (word === 'enum') this.parseEnum(scope);
      else if (word === 'oneof') this.parseOneof(scope, fields, depth);
      else if (word === 'option' || word === 'reserved' || word === 'extensions' || word === 'extend') this.skipStatement();
      else if (isPunct(token, ';')) this.at++;
      else if (word) this.parseField(scope, fields, depth);
      else this.fail();
    }
  }

  private parseOneof(scope: string, fields: ProtoTypeUse[], depth: number): void {
    this.at++;
    if (this.peek()?.kind !== 'word' || !isPunct(this.tokens[this.at + 1], '{')) {
      this.fail();
      return;
    }
    this.at += 2;
    this.parseMessageBody(scope, fields, depth);
  }

  /** `[label] Type name = N [options];`, `map<K, V> name = N;` or a proto2 group. */
  private parseField(scope: string, fields: ProtoTypeUse[], depth: number): void {
    const start = this.at;
    if (FIELD_LABELS.has(this.tokens[this.at]!.text)) this.at++;
    const type = this.peek();
    if (type?.kind === 'word' && type.text === 'map' && isPunct(this.tokens[this.at + 1], '<')) {
      this.parseMapField(scope, fields);
      return;
    }
    if (type?.kind === 'word' && type.text === 'group' && this.isGroup()) {
      this.parseGroup(scope, depth);
      return;
    }
    if (type?.kind !== 'word' || this.peek(1)?.kind !== 'word' || !isPunct(this.peek(2), '=') || this.peek(3)?.kind !== 'number') {
      this.at = start;
      this.fail();
      return;
    }
    if (!isScalar(type.text)) fields.push({ name: type.text, at: type, scope });
    this.skipStatement();
  }

  private parseMapField(scope: string, fields: ProtoTypeUse[]): void {
    const key = this.peek(2);
    const value = this.peek(4);
    if (key?.kind !== 'word' || !isPunct(this.peek(3), ',') || value?.kind !== 'word' || !isPunct(this.peek(5), '>')) {
      this.fail();
      return;
    }
    if (!isScalar(value.text)) fields.push({ name: value.text, at: value, scope });
    this.skipStatement();
  }

  /** `group Name = N { ... }`: a nested message declared with its field. */
  private isGroup(): boolean {
    return this.peek(1)?.kind === 'word' && isPunct(this.peek(2), '=');
  }

  private parseGroup(scope: string, depth: number): void {
    const keyword = this.tokens[this.at]!;
    const nameToken = this.peek(1)!;
    this.at += 3;
    while (this.peek() && !isPunct(this.peek(), '{') && !isPunct(this.peek(), ';') && !isPunct(this.peek(), '}')) this.at++;
    if (!isPunct(this.peek(), '{') || depth >= MAX_NESTING) {
      this.fail();
      return;
    }
    this.at++;
    const name = `${scope}.${nameToken.text}`;
    const fields: ProtoTypeUse[] = [];
    const last = this.parseMessageBody(name, fields, depth + 1);
    this.types.push({ kind: 'message', name, keyword, nameToken, last, fields });
  }

  private parseEnum(scope: string): void {
    const keyword = this.tokens[this.at++]!;
    const nameToken = this.peek();
    if (nameToken?.kind !== 'word' || !isPunct(this.tokens[this.at + 1], '{')) {
      this.fail();
      return;
    }
    this.at += 2;
    const last = this.skipBlock();
    this.types.push({ kind: 'enum', name: scope ? `${scope}.${nameToken.text}` : nameToken.text, keyword, nameToken, last, fields: [] });
  }

  private parseService(): void {
    const keyword = this.tokens[this.at++]!;
    const nameToken = this.peek();
    if (nameToken?.kind !== 'word' || !isPunct(this.tokens[this.at + 1], '{')) {
      this.fail();
      return;
    }
    this.at += 2;
    const rpcs: ProtoRpc[] = [];
    for (;;) {
      const token = this.peek();
      if (!token) {
        this.services.push({ name: nameToken.text, keyword, nameToken, last: this.endOfFile(), rpcs });
        return;
      }
      if (isPunct(token, '}')) {
        this.at++;
        this.services.push({ name: nameToken.text, keyword, nameToken, last: token, rpcs });
        return;
      }
      if (token.kind === 'word' && (FILE_LEVEL_ONLY.has(token.text) || token.text === 'message' || token.text === 'enum')) {
        this.services.push({ name: nameToken.text, keyword, nameToken, last: this.unclosedBefore(), rpcs });
        return;
      }
      if (token.kind === 'word' && token.text === 'rpc') this.parseRpc(nameToken.text, rpcs);
      else if (token.kind === 'word' && token.text === 'option') this.skipStatement();
      else if (isPunct(token, ';')) this.at++;
      else this.fail();
    }
  }

  /** `rpc Name ([stream] Req) returns ([stream] Resp);` or with an options block. */
  private parseRpc(service: string, rpcs: ProtoRpc[]): void {
    const keyword = this.tokens[this.at++]!;
    const nameToken = this.peek();
    if (nameToken?.kind !== 'word') {
      this.fail();
      return;
    }
    this.at++;
    const request = this.parseRpcType();
    const returns = this.peek();
    const response = returns?.kind === 'word' && returns.text === 'returns' ? (this.at++, this.parseRpcType()) : undefined;
    const complete = request && response;
    if (!complete) this.errors++;
    const last = this.skipStatement() ?? nameToken;
    rpcs.push({ name: `${service}.${nameToken.text}`, method: nameToken.text, keyword, nameToken, last, request, response });
  }

  private parseRpcType(): ProtoTypeUse | undefined {
    if (!isPunct(this.peek(), '(')) return undefined;
    let type = this.peek(1);
    let width = 3;
    if (type?.kind === 'word' && type.text === 'stream' && this.peek(2)?.kind === 'word') {
      type = this.peek(2);
      width = 4;
    }
    if (type?.kind !== 'word' || !isPunct(this.peek(width - 1), ')')) return undefined;
    this.at += width;
    return { name: type.text, at: type, scope: '' };
  }

  /**
   * Skips to the end of the current statement: past a `;` at depth 0, past a block that
   * opens at depth 0, or up to (not past) the `}` closing the enclosing body. Returns the
   * last token skipped over.
   */
  private skipStatement(): ProtoToken | undefined {
    let depth = 0;
    let last: ProtoToken | undefined;
    while (this.at < this.tokens.length) {
      const token = this.tokens[this.at]!;
      if (token.kind === 'punct') {
        if (depth === 0 && token.text === '}') return last;
        if (token.text === '{' && depth === 0) {
          this.at++;
          return this.skipBlock();
        }
        if (token.text === '(' || token.text === '[' || token.text === '{') depth++;
        else if (token.text === ')' || token.text === ']' || token.text === '}') depth = Math.max(0, depth - 1);
        else if (token.text === ';' && depth === 0) {
          this.at++;
          return token;
        }
      }
      last = token;
      this.at++;
    }
    return last;
  }

  /** Just after a `{`: skips to its matching `}` and returns it (the last token at end of file). */
  private skipBlock(): ProtoToken {
    let depth = 1;
    while (this.at < this.tokens.length) {
      const token = this.tokens[this.at++]!;
      if (token.kind !== 'punct') continue;
      if (token.text === '{') depth++;
      else if (token.text === '}' && --depth === 0) return token;
    }
    return this.endOfFile();
  }

  /** A body left open at the end of the file: an error, ending at the last token. */
  private endOfFile(): ProtoToken {
    this.errors++;
    return this.tokens[this.tokens.length - 1]!;
  }

  /**
   * A body whose closing brace is missing, noticed at a declaration that cannot be inside
   * it: an error, ending the body at the token before.
   */
  private unclosedBefore(): ProtoToken {
    this.errors++;
    return this.tokens[this.at - 1]!;
  }

  /** Counts an error and skips the statement it is in, always making progress. */
  private fail(): void {
    this.errors++;
    const before = this.at;
    this.skipStatement();
    if (this.at === before) this.at++;
  }

  private peek(ahead = 0): ProtoToken | undefined {
    return this.tokens[this.at + ahead];
  }
}

function isPunct(token: ProtoToken | undefined, text: string): boolean {
  return token?.kind === 'punct' && token.text === text;
}

const SCALARS = new Set([
  'double', 'float', 'int32', 'int64', 'uint32', 'uint64', 'sint32', 'sint64', 'fixed32', 'fixed64', 'sfixed32',
  'sfixed64', 'bool', 'string', 'bytes',
]);

export function isScalar(typeName: string): boolean {
  return SCALARS.has(typeName);
}
