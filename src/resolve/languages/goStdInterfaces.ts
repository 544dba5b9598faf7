/**
 * The method sets of the Go standard library's common interfaces, as the language
 * defines them. Repository interfaces embed them (`type QueryLogger interface {
 * slog.Handler; io.Closer }`); without their methods such an interface's method set is
 * unknown and nothing may be said to implement it. Types are written the way
 * goImplements.ts canonicalises them: `@<import path>.<Name>` for a type of another
 * package, builtins as they are.
 */

/** One required method: parameter and result types, canonical. */
export interface StdMethod {
  readonly params: readonly string[];
  readonly results: readonly string[];
}

type MethodSet = Readonly<Record<string, StdMethod>>;

const m = (params: string[], results: string[]): StdMethod => ({ params, results });

const READER: MethodSet = { Read: m(['[]byte'], ['int', 'error']) };
const WRITER: MethodSet = { Write: m(['[]byte'], ['int', 'error']) };
const CLOSER: MethodSet = { Close: m([], ['error']) };
const SEEKER: MethodSet = { Seek: m(['int64', 'int'], ['int64', 'error']) };

/** By `<import path>.<Name>` (and the predeclared `error`). */
const STD_INTERFACES: ReadonlyMap<string, MethodSet> = new Map<string, MethodSet>([
  ['error', { Error: m([], ['string']) }],
  ['fmt.Stringer', { String: m([], ['string']) }],
  ['fmt.GoStringer', { GoString: m([], ['string']) }],
  ['io.Reader', READER],
  ['io.Writer', WRITER],
  ['io.Closer', CLOSER],
  ['io.Seeker', SEEKER],
  ['io.ReadCloser', { ...READER, ...CLOSER }],
  ['io.WriteCloser', { ...WRITER, ...CLOSER }],
  ['io.ReadWriter', { ...READER, ...WRITER }],
  ['io.ReadWriteCloser', { ...READER, ...WRITER, ...CLOSER }],
  ['io.ReadSeeker', { ...READER, ...SEEKER }],
  ['io.ReadSeekCloser', { ...READER, ...SEEKER, ...CLOSER }],
  ['io.ReadWriteSeeker', { ...READER, ...WRITER, ...SEEKER }],
  ['io.ReaderAt', { ReadAt: m(['[]byte', 'int64'], ['int', 'error']) }],
  ['io.WriterAt', { WriteAt: m(['[]byte', 'int64'], ['int', 'error']) }],
  ['io.ReaderFrom', { ReadFrom: m(['@io.Reader'], ['int64', 'error']) }],
  ['io.WriterTo', { WriteTo: m(['@io.Writer'], ['int64', 'error']) }],
  ['io.ByteReader', { ReadByte: m([], ['byte', 'error']) }],
  ['io.ByteWriter', { WriteByte: m(['byte'], ['error']) }],
  ['io.RuneReader', { ReadRune: m([], ['rune', 'int', 'error']) }],
  ['io.StringWriter', { WriteString: m(['string'], ['int', 'error']) }],
  ['sort.Interface', { Len: m([], ['int']), Less: m(['int', 'int'], ['bool']), Swap: m(['int', 'int'], []) }],
  ['net/http.Handler', { ServeHTTP: m(['@net/http.ResponseWriter', '*@net/http.Request'], []) }],
  ['net/http.Flusher', { Flush: m([], []) }],
  ['log/slog.Handler', {
    Enabled: m(['@context.Context', '@log/slog.Level'], ['bool']),
    Handle: m(['@context.Context', '@log/slog.Record'], ['error']),
    WithAttrs: m(['[]@log/slog.Attr'], ['@log/slog.Handler']),
    WithGroup: m(['string'], ['@log/slog.Handler']),
  }],
  ['log/slog.LogValuer', { LogValue: m([], ['@log/slog.Value']) }],
  ['encoding/json.Marshaler', { MarshalJSON: m([], ['[]byte', 'error']) }],
  ['encoding/json.Unmarshaler', { UnmarshalJSON: m(['[]byte'], ['error']) }],
  ['encoding.TextMarshaler', { MarshalText: m([], ['[]byte', 'error']) }],
  ['encoding.TextUnmarshaler', { UnmarshalText: m(['[]byte'], ['error']) }],
  ['encoding.BinaryMarshaler', { MarshalBinary: m([], ['[]byte', 'error']) }],
  ['encoding.BinaryUnmarshaler', { UnmarshalBinary: m(['[]byte'], ['error']) }],
  ['flag.Value', { String: m([], ['string']), Set: m(['string'], ['error']) }],
  ['sync.Locker', { Lock: m([], []), Unlock: m([], []) }],
]);

/** The methods of a standard-library interface named `<import path>.<Name>`, or undefined when it is not one we know. */
export function stdInterfaceMethods(qualifiedName: string): MethodSet | undefined {
  return STD_INTERFACES.get(qualifiedName);
}
