/**
 * Just enough of TOML, INI (setup.cfg) and XML to read the few keys build manifests
 * declare a module's name with (Cargo.toml, pyproject.toml, setup.cfg, pom.xml, *.csproj).
 * Each reader returns undefined for text it cannot read rather than guess at it: a
 * malformed manifest declares nothing.
 */

/** A TOML value as these readers keep it: strings and string arrays; anything else is `true`. */
export type TomlValue = string | readonly string[] | true;

/**
 * The string and string-array values of a TOML document by full dotted key
 * (`package.name`, `tool.setuptools.py-modules`). Keys inside array tables (`[[bin]]`)
 * are left out: no caller needs them, and they are not one value each.
 */
export function readToml(text: string): Map<string, TomlValue> | undefined {
  try {
    return new TomlReader(text).read();
  } catch {
    return undefined;
  }
}

class TomlReader {
  private at = 0;
  private readonly values = new Map<string, TomlValue>();

  constructor(private readonly text: string) {}

  read(): Map<string, TomlValue> {
    let table: string | undefined = '';
    for (;;) {
      this.skipBlank(true);
      if (this.at >= this.text.length) return this.values;
      if (this.text.startsWith('[[', this.at)) {
        this.at += 2;
        this.readKey(']');
        this.expect(']]');
        table = undefined;
      } else if (this.text[this.at] === '[') {
        this.at += 1;
        table = this.readKey(']').join('.');
        this.expect(']');
      } else {
        const key = this.readKey('=');
        this.expect('=');
        this.readValue(table === undefined ? undefined : [table, ...key].filter(Boolean).join('.'));
      }
      this.endOfLine();
    }
  }

  private readKey(end: string): string[] {
    const parts: string[] = [];
    for (;;) {
      this.skipBlank(false);
      const quote = this.text[this.at];
      if (quote === '"' || quote === "'") {
        parts.push(this.readString());
      } else {
        const bare = /^[A-Za-z0-9_-]+/.exec(this.text.slice(this.at, this.at + 256));
        if (!bare) throw new Error('toml: key expected');
        parts.push(bare[0]);
        this.at += bare[0].length;
      }
      this.skipBlank(false);
      if (this.text[this.at] !== '.') break;
      this.at += 1;
    }
    if (this.text[this.at] !== end[0]) throw new Error(`toml: ${end} expected`);
    return parts;
  }

  /** Reads one value; records strings and string arrays under `key` when it is given. */
  private readValue(key: string | undefined): TomlValue {
    this.skipBlank(false);
    const first = this.text[this.at];
    let value: TomlValue;
    if (first === '"' || first === "'") {
      value = this.readString();
    } else if (first === '[') {
      this.at += 1;
      const items: string[] = [];
      for (;;) {
        this.skipBlank(true);
        if (this.text[this.at] === ']') break;
        const item = this.readValue(undefined);
        if (typeof item === 'string') items.push(item);
        this.skipBlank(true);
        if (this.text[this.at] === ',') this.at += 1;
        else if (this.text[this.at] !== ']') throw new Error('toml: , or ] expected');
      }
      this.at += 1;
      value = items;
    } else if (first === '{') {
      this.at += 1;
      this.skipBlank(false);
      while (this.text[this.at] !== '}') {
        const inner = this.readKey('=');
        this.expect('=');
        this.skipBlank(false);
        this.readValue(key === undefined ? undefined : [key, ...inner].join('.'));
        this.skipBlank(false);
        if (this.text[this.at] === ',') this.at += 1;
        else if (this.text[this.at] !== '}') throw new Error('toml: , or } expected');
        this.skipBlank(false);
      }
      this.at += 1;
      return true;
    } else {
      const scalar = /^[^\s,\]}#]+/.exec(this.text.slice(this.at, this.at + 256));
      if (!scalar) throw new Error('toml: value expected');
      this.at += scalar[0].length;
      value = true;
    }
    if (key !== undefined) this.values.set(key, value);
    return value;
  }

  private readString(): string {
    const quote = this.text[this.at]!;
    const multi = this.text.startsWith(quote.repeat(3), this.at);
    const delimiter = multi ? quote.repeat(3) : quote;
    this.at += delimiter.length;
    if (multi && this.text[this.at] === '\n') this.at += 1;
    let value = '';
    for (;;) {
      if (this.at >= this.text.length || (!multi && this.text[this.at] === '\n')) throw new Error('toml: unterminated string');
      if (this.text.startsWith(delimiter, this.at)) {
        this.at += delimiter.length;
        return value;
      }
      const char = this.text[this.at]!;
      if (char === '\\' && quote === '"') {
        const escaped = this.text[this.at + 1] ?? '';
        value += ({ n: '\n', t: '\t', '"': '"', '\\': '\\' } as Record<string, string>)[escaped] ?? escaped;
        this.at += 2;
      } else {
        value += char;
        this.at += 1;
      }
    }
  }

  private skipBlank(newlines: boolean): void {
    for (;;) {
      const char = this.text[this.at];
      if (char === ' ' || char === '\t' || char === '\r' || (newlines && char === '\n')) this.at += 1;
      else if (char === '#' && newlines) this.skipComment();
      else return;
    }
  }

  private skipComment(): void {
    const end = this.text.indexOf('\n', this.at);
    this.at = end < 0 ? this.text.length : end;
  }

  private expect(token: string): void {
    this.skipBlank(false);
    if (!this.text.startsWith(token, this.at)) throw new Error(`toml: ${token} expected`);
    this.at += token.length;
  }

  private endOfLine(): void {
    this.skipBlank(false);
    if (this.text[this.at] === '#') this.skipComment();
    if (this.at < this.text.length && this.text[this.at] !== '\n') throw new Error('toml: end of line expected');
  }
}

/**
 * An INI file as Python's configparser reads setup.cfg: `[section]` headers, `key = value`
 * or `key: value`, indented continuation lines, `#`/`;` comment lines. Values by
 * `section.key`, keys lowercased as configparser does.
 */
export function readIni(text: string): Map<string, string> {
  const values = new Map<string, string>();
  let section = '';
  let lastKey: string | undefined;
  for (const line of text.split(/\r?\n/)) {
    if (/^\s*([#;]|$)/.test(line)) continue;
    const header = /^\[([^\]]+)\]\s*$/.exec(line);
    if (header) {
      section = header[1]!.trim();
      lastKey = undefined;
    } else if (/^\s/.test(line) && lastKey) {
      values.set(lastKey, `${values.get(lastKey)}\n${line.trim()}`);
    } else {
      const entry = /^([^=:]+?)\s*[=:]\s*(.*)$/.exec(line);
      lastKey = entry ? `${section}.${entry[1]!.toLowerCase()}` : undefined;
      if (lastKey) values.set(lastKey, entry![2]!.trim());
    }
  }
  return values;
}

/** An XML element: its local name (namespace prefix dropped), child elements and own text. */
export interface XmlElement {
  readonly name: string;
  readonly children: XmlElement[];
  text: string;
}

const XML_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** The root element of an XML document, or undefined when the document is not well formed. */
export function readXml(text: string): XmlElement | undefined {
  const top: XmlElement = { name: '', children: [], text: '' };
  const open: XmlElement[] = [top];
  let at = 0;
  while (at < text.length) {
    const lt = text.indexOf('<', at);
    const current = open[open.length - 1]!;
    current.text += decodeXmlText(text.slice(at, lt < 0 ? text.length : lt));
    if (lt < 0) break;
    const skipTo = (close: string): number => {
      const end = text.indexOf(close, lt);
      return end < 0 ? -1 : end + close.length;
    };
    if (text.startsWith('<!--', lt)) at = skipTo('-->');
    else if (text.startsWith('<?', lt)) at = skipTo('?>');
    else if (text.startsWith('<![CDATA[', lt)) {
      at = skipTo(']]>');
      if (at >= 0) current.text += text.slice(lt + 9, at - 3);
    } else if (text.startsWith('<!', lt)) at = skipTo('>');
    else {
      const tag = /^<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[\w.:-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/.exec(text.slice(lt, lt + 4096));
      if (!tag) return undefined;
      const name = tag[2]!.slice(tag[2]!.indexOf(':') + 1);
      if (tag[1]) {
        if (open.length < 2 || current.name !== name) return undefined;
        open.pop();
      } else {
        const element: XmlElement = { name, children: [], text: '' };
        current.children.push(element);
        if (!tag[4]) open.push(element);
      }
      at = lt + tag[0].length;
    }
    if (at < 0) return undefined;
  }
  return open.length === 1 && top.children.length === 1 ? top.children[0] : undefined;
}

function decodeXmlText(raw: string): string {
  return raw.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|\w+);/g, (whole, entity: string) => {
    if (entity.startsWith('#x')) return String.fromCodePoint(parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(parseInt(entity.slice(1), 10));
    return XML_ENTITIES[entity] ?? whole;
  });
}

/** The first child element called `name`. */
export function xmlChild(element: XmlElement | undefined, name: string): XmlElement | undefined {
  return element?.children.find((child) => child.name === name);
}
