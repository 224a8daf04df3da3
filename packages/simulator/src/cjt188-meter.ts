import {
  ANY_TYPE,
  CONTROL,
  encodeFrame,
  encodeHeat,
  encodeMetering,
  errorAnswer,
  type HeatData,
  type HeatUnits,
  isHeatMeterType,
  type MeteringData,
  parseFrame,
  readAnswer,
  UNIT_CUBIC_METRE,
  WATER_WILDCARD_ADDRESS,
} from './cjt188.ts';

export interface WaterMeterOptions {
  /** 14 digits. */
  address: string;
  /** The meter type byte; 0x10, a cold water meter, unless told. */
  type?: number;
  /** Cubic metres. */
  current?: number;
  settlement?: number;
  /** The unit byte the meter answers in (0x2C m³, 0x29 L). */
  unit?: number;
  status?: number;
  /** A heat (20H) or cooling (21H) meter's readings, in kWh, kW, m³/h, m³, °C and hours. */
  heat?: Partial<Omit<HeatData, 'time' | 'status'>>;
  /** The unit bytes a heat meter answers in (kWh, kW, m³/h and m³ unless told). */
  heatUnits?: HeatUnits;
}

const NO_HEAT: Omit<HeatData, 'time' | 'status'> = {
  settlementHeat: 0,
  currentHeat: 0,
  heatPower: 0,
  flowRate: 0,
  volume: 0,
  supplyTemperature: 0,
  returnTemperature: 0,
  workingHours: 0,
};

/** The status bit a meter sets in an error answer to an identifier it does not know. */
const UNKNOWN_IDENTIFIER = 0x0100;

/**
 * A simulated CJ/T 188-2004 water, gas, heat or cooling meter on an M-Bus or RS485 bus: it answers
 * reads of 901F with its cumulative flows (a heat or cooling meter: its energy, power, flow,
 * temperatures and working time, decision 0158), its clock and its status, an error answer for other identifiers, its address to
 * a read-address command, and stays silent for other meters, other types and bad checksums.
 */
export class Cjt188Meter {
  readonly address: string;
  readonly type: number;
  #data: MeteringData;
  readonly #unit: number;
  #heat: Omit<HeatData, 'time' | 'status'>;
  readonly #heatUnits: HeatUnits | undefined;

  constructor(options: WaterMeterOptions) {
    this.address = options.address;
    this.type = options.type ?? 0x10;
    this.#unit = options.unit ?? UNIT_CUBIC_METRE;
    this.#data = {
      current: options.current ?? 0,
      settlement: options.settlement ?? 0,
      time: '2026-01-01 00:00:00',
      status: options.status ?? 0,
    };
    this.#heat = { ...NO_HEAT, ...options.heat };
    this.#heatUnits = options.heatUnits;
  }

  /** Changes what a heat or cooling meter reads. */
  setHeat(change: Partial<Omit<HeatData, 'time' | 'status'>>): void {
    this.#heat = { ...this.#heat, ...change };
  }

  /** Changes what the meter reads: its flows (cubic metres) or status. */
  set(change: Partial<Omit<MeteringData, 'time'>>): void {
    this.#data = { ...this.#data, ...change };
  }

  get data(): MeteringData {
    return this.#data;
  }

  /** The answer to the bytes of one request frame, or undefined when the meter stays silent. */
  handle(request: Uint8Array, now = new Date()): Buffer | undefined {
    const parsed = parseFrame(request);
    if (parsed.kind !== 'frame') return undefined;
    const { type, address, control, data } = parsed.frame;
    if (address !== this.address && address !== WATER_WILDCARD_ADDRESS) return undefined;
    if (type !== this.type && type !== ANY_TYPE) return undefined;
    const ser = data[2] ?? 0;
    if (control === CONTROL.readAddress) {
      return encodeFrame({
        type: this.type,
        address: this.address,
        control: CONTROL.readAddress | CONTROL.answer,
        data: Buffer.concat([data.subarray(0, 3), Buffer.from(this.address, 'hex').reverse()]),
      });
    }
    const di = data.subarray(0, 2).toString('hex');
    if (control !== CONTROL.readData || (di !== '901f' && di !== '1f90'))
      return errorAnswer(this.type, this.address, ser, this.#data.status | UNKNOWN_IDENTIFIER);
    const time = now.toISOString().slice(0, 19).replace('T', ' ');
    const bytes = isHeatMeterType(this.type)
      ? encodeHeat({ ...this.#heat, time, status: this.#data.status }, this.#heatUnits)
      : encodeMetering({ ...this.#data, time }, this.#unit);
    if (!bytes) return errorAnswer(this.type, this.address, ser, this.#data.status | UNKNOWN_IDENTIFIER);
    return readAnswer(this.type, this.address, di, ser, bytes);
  }
}
