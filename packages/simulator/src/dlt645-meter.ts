import {
  CONTROL,
  type DataFormat,
  ERROR_BITS,
  encodeFrame,
  encodeValue,
  errorAnswer,
  KNOWN_IDENTIFIERS,
  parseFrame,
  readAnswer,
  WILDCARD_ADDRESS,
} from './dlt645.ts';

export interface MeterOptions {
  /** 12 digits. */
  address: string;
  /** Values by data identifier (DI3..DI0 hex); identifiers outside KNOWN_IDENTIFIERS need `formats`. */
  values?: Record<string, number>;
  formats?: Record<string, DataFormat>;
}

/**
 * A simulated DL/T 645-2007 meter on an RS485 bus: it answers reads of its identifiers, answers
 * "no requested data" (error byte 02) for the others, and stays silent on frames for other
 * meters or with a bad checksum, as a real meter does.
 */
export class Dlt645Meter {
  readonly address: string;
  readonly #values = new Map<string, number>();
  readonly #formats: Record<string, DataFormat>;

  constructor(options: MeterOptions) {
    this.address = options.address;
    this.#formats = { ...KNOWN_IDENTIFIERS, ...options.formats };
    for (const [di, value] of Object.entries(options.values ?? {})) this.#values.set(di.toLowerCase(), value);
  }

  set(di: string, value: number): void {
    this.#values.set(di.toLowerCase(), value);
  }

  get(di: string): number | undefined {
    return this.#values.get(di.toLowerCase());
  }

  /** The answer to the bytes of one request frame, or undefined when the meter stays silent. */
  handle(request: Uint8Array): Buffer | undefined {
    const parsed = parseFrame(request);
    if (parsed.kind !== 'frame') return undefined;
    const { address, control, data } = parsed.frame;
    if (address !== this.address && address !== WILDCARD_ADDRESS) return undefined;
    if (control === CONTROL.readAddress) {
      // The read-address answer (C = 0x93) carries the address itself as its data.
      const own = Buffer.from(this.address, 'hex').reverse();
      return encodeFrame({ address: this.address, control: CONTROL.readAddress | CONTROL.answer, data: own });
    }
    if (control !== CONTROL.readData || data.length < 4) return errorAnswer(this.address, ERROR_BITS.other);
    const di = Buffer.from(data.subarray(0, 4)).reverse().toString('hex');
    const format = this.#formats[di];
    const value = this.#values.get(di);
    const bytes = format && value !== undefined ? encodeValue(format, value) : undefined;
    if (!bytes) return errorAnswer(this.address, ERROR_BITS.noData);
    return readAnswer(this.address, di, bytes);
  }
}
