import {
  buildCustomFrame,
  type CustomPoint,
  type CustomProtocolDefinition,
  checksumSize,
  crc16modbus,
  customPointSize,
  decodeCustomPoint,
  encodeCustomPoint,
  expectedCustomHeader,
  parseFrameText,
  parseWriteAnswer,
  valueOffset,
} from '@meridian/contracts';

export interface CustomDeviceOptions {
  /** What `{addr:N}` holds for this device. */
  address: number;
  /** Each point's value by key, as the template reads it (after the scale). */
  values?: Record<string, number>;
}

/** The answer a write pattern describes (an echo without one): its bytes, the address, and for `??` the request's byte there. */
function patternAnswer(pattern: string, address: number, request: Uint8Array): Buffer {
  const parsed = parseWriteAnswer(pattern);
  if (!pattern.trim() || !parsed.ok || parsed.echo) return Buffer.from(request);
  const out: number[] = [];
  for (const piece of parsed.bytes) {
    if (piece.kind === 'byte') out.push(piece.byte);
    else if (piece.kind === 'any') out.push(request[out.length] ?? 0);
    else for (let i = 0; i < piece.size; i++) out.push(Math.floor(address / 256 ** (piece.size - 1 - i)) & 0xff);
  }
  return Buffer.from(out);
}

function segmentsOf(text: string) {
  const parsed = parseFrameText(text);
  if (!parsed.ok) throw new Error(`the frame ${text} does not parse: ${parsed.problem.key}`);
  return parsed.segments;
}

/**
 * A simulated device that speaks a custom protocol (decision 0140), set up from the same
 * definition the user saved: it answers its own request frame with the answer the definition
 * describes (header, its points' values at their offsets, checksum), takes a point's write frame
 * and answers it (an echo, or its write answer's pattern), and stays silent for anything else.
 */
export class CustomDevice {
  readonly address: number;
  readonly definition: CustomProtocolDefinition;
  readonly values: Map<string, number>;
  readonly #request: Buffer;
  /** When set, the device answers every write frame with these bytes and does not take the value (a refusal). */
  writeRefusal: Buffer | undefined;

  constructor(definition: CustomProtocolDefinition, options: CustomDeviceOptions) {
    this.definition = definition;
    this.address = options.address;
    this.values = new Map(Object.entries(options.values ?? {}));
    this.#request = Buffer.from(buildCustomFrame(segmentsOf(definition.request), this.address));
  }

  set(key: string, value: number): void {
    this.values.set(key, value);
  }

  /** Its whole answer as the definition describes it, with the checksum over the bytes before it from `checksumFrom`. */
  answer(): Buffer {
    const { checksum, checksumFrom = 0, lengthAt, lengthAdjust = 0, points } = this.definition;
    const header = expectedCustomHeader(this.definition, this.address);
    // With a length byte, the answer is as long as its points need and says so (decision 0164).
    const dataEnd = Math.max(header.length, (lengthAt ?? -1) + 1, ...points.map((p) => p.offset + customPointSize(p)));
    const answerLength = lengthAt == null ? this.definition.answerLength : dataEnd + checksumSize(checksum);
    const bytes = Buffer.alloc(answerLength);
    bytes.set(header, 0);
    if (lengthAt != null) bytes[lengthAt] = answerLength - lengthAdjust;
    for (const point of points) bytes.set(encodeCustomPoint(point, this.values.get(point.key) ?? 0), point.offset);
    if (checksum === 'crc16modbus')
      bytes.writeUInt16LE(crc16modbus(bytes, checksumFrom, answerLength - 2), answerLength - 2);
    if (checksum === 'sum8')
      bytes[answerLength - 1] = bytes.subarray(checksumFrom, -1).reduce((sum, b) => (sum + b) & 0xff, 0);
    return bytes;
  }

  /** The answer to the bytes of one request, or undefined when the device stays silent. */
  handle(request: Uint8Array): Buffer | undefined {
    if (this.#request.equals(request)) return this.answer();
    for (const point of this.definition.points) {
      if (this.writeRefusal && point.write && this.#isWrite(point, request)) return this.writeRefusal;
      if (this.#write(point, request)) return patternAnswer(point.writeAnswer ?? '', this.address, request);
    }
    return undefined;
  }

  /** The value a point's write frame to this device carries, or undefined when the request is not that frame. */
  #isWrite(point: CustomPoint, request: Uint8Array): Uint8Array | undefined {
    if (!point.write) return undefined;
    const segments = segmentsOf(point.write);
    const size = customPointSize(point);
    const at = valueOffset(segments, size);
    const value = request.subarray(at, at + size);
    if (at < 0 || value.length !== size) return undefined;
    return Buffer.from(buildCustomFrame(segments, this.address, value)).equals(request) ? value : undefined;
  }

  /** A point's write frame to this device: the value is taken if the frame is that frame with some value. */
  #write(point: CustomPoint, request: Uint8Array): boolean {
    const value = this.#isWrite(point, request);
    if (!value) return false;
    const size = value.length;
    const answer = new Uint8Array(point.offset + size);
    answer.set(value, point.offset);
    const decoded = decodeCustomPoint(point, answer);
    if (decoded !== null) this.values.set(point.key, decoded);
    return true;
  }
}
