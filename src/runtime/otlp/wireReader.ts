import { CkgError } from '../../model';
/** Bytes that are not a well-formed protobuf message: the decoder turns this into its own error. */
export class WireError extends CkgError {
  readonly code = 'wire';
}

export const WireType = { VARINT: 0, I64: 1, LEN: 2, I32: 5 } as const;

/**
 * A protobuf wire-format reader over one buffer, for decoders that go from bytes straight
 * to their own records: no message objects, no Long, no copies (strings and hex ids are
 * sliced out of the buffer). Every read checks its bounds and throws WireError.
 */
export class WireReader {
  pos: number;

  constructor(readonly buf: Buffer, start = 0, public end = buf.length) {
    this.pos = start;
  }

  atEnd(): boolean {
    return this.pos >= this.end;
  }

  /** A tag: field number * 8 + wire type. */
  tag(): number {
    return this.varint32();
  }

  /** A varint that fits 32 bits (tags, lengths, enums); larger ones throw. */
  varint32(): number {
    let result = 0;
    for (let shift = 0; shift < 35; shift += 7) {
      if (this.pos >= this.end) throw new WireError(`truncated varint at offset ${this.pos}`);
      const byte = this.buf[this.pos++];
      result += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) {
        if (result > 0xffffffff) throw new WireError(`varint over 32 bits at offset ${this.pos}`);
        return result;
      }
    }
    // Negative int32 enums are sign-extended to 10 bytes; nothing read here may be negative.
    throw new WireError(`varint over 32 bits at offset ${this.pos}`);
  }

  /** An int64 varint as a decimal string (exact past 2^53, two's complement for negatives). */
  int64String(): string {
    let result = 0n;
    for (let shift = 0n; shift < 70n; shift += 7n) {
      if (this.pos >= this.end) throw new WireError(`truncated varint at offset ${this.pos}`);
      const byte = this.buf[this.pos++];
      result |= BigInt(byte & 0x7f) << shift;
      if (byte < 0x80) return BigInt.asIntN(64, result).toString();
    }
    throw new WireError(`varint longer than 10 bytes at offset ${this.pos}`);
  }

  /** A varint read only for its truth (bool). */
  bool(): boolean {
    let any = false;
    for (let i = 0; i < 10; i++) {
      if (this.pos >= this.end) throw new WireError(`truncated varint at offset ${this.pos}`);
      const byte = this.buf[this.pos++];
      if ((byte & 0x7f) !== 0) any = true;
      if (byte < 0x80) return any;
    }
    throw new WireError(`varint longer than 10 bytes at offset ${this.pos}`);
  }

  /** fixed64 as a number (exact to 2^53: nanoseconds until the year 2255). */
  fixed64(): number {
    this.need(8);
    const low = this.buf.readUInt32LE(this.pos);
    const high = this.buf.readUInt32LE(this.pos + 4);
    this.pos += 8;
    return high * 4_294_967_296 + low;
  }

  double(): number {
    this.need(8);
    const value = this.buf.readDoubleLE(this.pos);
    this.pos += 8;
    return value;
  }

  /** The bounds of a length-delimited field; the reader moves past it. */
  span(): [number, number] {
    const length = this.varint32();
    this.need(length);
    const start = this.pos;
    this.pos += length;
    return [start, this.pos];
  }

  /**
   * Enters a length-delimited message: reads until its end from now on. Returns the outer
   * end, for `leave`. Nested messages need no reader of their own.
   */
  enter(): number {
    const length = this.varint32();
    this.need(length);
    const outer = this.end;
    this.end = this.pos + length;
    return outer;
  }

  /** Leaves the message `enter` entered: the reader moves past its end. */
  leave(outer: number): void {
    this.pos = this.end;
    this.end = outer;
  }

  string(): string {
    const [start, end] = this.span();
    return this.buf.toString('utf8', start, end);
  }

  /** Skips a field of an unread number. */
  skip(wireType: number): void {
    switch (wireType) {
      case WireType.VARINT:
        this.bool();
        return;
      case WireType.I64:
        this.need(8);
        this.pos += 8;
        return;
      case WireType.LEN:
        this.span();
        return;
      case WireType.I32:
        this.need(4);
        this.pos += 4;
        return;
      default:
        throw new WireError(`invalid wire type ${wireType} at offset ${this.pos}`);
    }
  }

  private need(bytes: number): void {
    if (this.pos + bytes > this.end) throw new WireError(`index out of range: ${this.pos} + ${bytes} > ${this.end}`);
  }
}
