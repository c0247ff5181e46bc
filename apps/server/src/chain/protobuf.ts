// The few protobuf wire-format rules TRON's hashed structures need (Transaction.raw, BlockHeader.raw).
// Written here rather than pulling a protobuf runtime: only varints and length-delimited fields are
// used, and proto3 leaves zero values out, which is what makes a txID reproducible.

export class ProtoWriter {
  private chunks: number[] = [];

  private varint(value: bigint): void {
    let v = value;
    if (v < 0n) v &= (1n << 64n) - 1n; // int64 negatives are written as their 64-bit two's complement
    do {
      let byte = Number(v & 0x7fn);
      v >>= 7n;
      if (v !== 0n) byte |= 0x80;
      this.chunks.push(byte);
    } while (v !== 0n);
  }

  private key(field: number, wireType: 0 | 2): void {
    this.varint(BigInt((field << 3) | wireType));
  }

  /** int64 / int32 / enum field; omitted when zero, as proto3 does. */
  int(field: number, value: bigint | number | undefined): this {
    if (value === undefined) return this;
    const v = BigInt(value);
    if (v === 0n) return this;
    this.key(field, 0);
    this.varint(v);
    return this;
  }

  /** bytes / embedded message field; omitted when empty. */
  bytes(field: number, value: Uint8Array | undefined): this {
    if (!value || value.length === 0) return this;
    this.key(field, 2);
    this.varint(BigInt(value.length));
    for (const b of value) this.chunks.push(b);
    return this;
  }

  string(field: number, value: string | undefined): this {
    return value ? this.bytes(field, new TextEncoder().encode(value)) : this;
  }

  finish(): Uint8Array {
    return Uint8Array.from(this.chunks);
  }
}
