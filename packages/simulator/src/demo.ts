import type { FirmwareIdentity } from './ota.ts';
import type { ProfileName } from './profiles.ts';

/** A device of the demo: the server seeds it for the `demo_iot` account, the simulator plays it. */
export interface DemoDevice {
  sn: string;
  /** The 8-character communication password. */
  password: string;
  name: string;
  protocol: 'modbusRtu' | 'mqttJson';
  profile: ProfileName;
  /** The built-in library template (by model) the device's template is copied from; none for the MQTT device. */
  libraryModel: string | null;
  address: string;
  latitude: number;
  longitude: number;
  /** Query frequency in seconds (one of the spec's choices). */
  interval: number;
  /** The firmware it runs when the simulator starts it, reported to the cloud and upgradable (docs/protocols/firmware-upgrade.md). */
  firmware: FirmwareIdentity;
}

/** The firmware of the five demo DTUs; the demo seeds DEMO_FIRMWARE_NEXT of it, so that a visitor can upgrade one. */
export const DEMO_DTU_FIRMWARE: FirmwareIdentity = { series: 'Meridian DTU', model: 'MD-4G', version: '1.0.0' };
export const DEMO_FIRMWARE_NEXT = '1.1.0';
const SENSOR_FIRMWARE: FirmwareIdentity = { series: 'Meridian Sensor', model: 'MS-GH', version: '1.0.0' };

/**
 * The demo fleet, documented in docs/simulator.md: fixed SNs and passwords, so that a simulator
 * started on another machine (`--demo`) plays exactly the devices the demo database holds.
 */
export const DEMO_PASSWORD = 'Demo2026';
export const DEMO_DEVICES: readonly DemoDevice[] = [
  {
    sn: 'MERIDIANDEMO00000001',
    password: DEMO_PASSWORD,
    name: 'Cold store climate',
    protocol: 'modbusRtu',
    profile: 'thermo',
    libraryModel: 'RS-WS-N01',
    address: 'Building A, cold store 2',
    latitude: 31.2304,
    longitude: 121.4737,
    interval: 10,
    firmware: DEMO_DTU_FIRMWARE,
  },
  {
    sn: 'MERIDIANDEMO00000002',
    password: DEMO_PASSWORD,
    name: 'Main switchboard meter',
    protocol: 'modbusRtu',
    profile: 'meter',
    libraryModel: 'SDM630-Modbus',
    address: 'Building A, low-voltage room',
    latitude: 31.2311,
    longitude: 121.4752,
    interval: 10,
    firmware: DEMO_DTU_FIRMWARE,
  },
  {
    sn: 'MERIDIANDEMO00000003',
    password: DEMO_PASSWORD,
    name: 'Pump station PLC',
    protocol: 'modbusRtu',
    profile: 'plc',
    libraryModel: 'S7-200 SMART',
    address: 'North pump station',
    latitude: 31.2362,
    longitude: 121.4691,
    interval: 10,
    firmware: DEMO_DTU_FIRMWARE,
  },
  {
    sn: 'MERIDIANDEMO00000004',
    password: DEMO_PASSWORD,
    name: 'Reservoir level',
    protocol: 'modbusRtu',
    profile: 'level',
    libraryModel: 'Level transmitter RS485',
    address: 'Reservoir 1',
    latitude: 31.2398,
    longitude: 121.4655,
    interval: 10,
    firmware: DEMO_DTU_FIRMWARE,
  },
  {
    sn: 'MERIDIANDEMO00000005',
    password: DEMO_PASSWORD,
    name: 'Water main flow',
    protocol: 'modbusRtu',
    profile: 'flow',
    libraryModel: 'SUP-LDG',
    address: 'North pump station, outlet',
    latitude: 31.2365,
    longitude: 121.4699,
    interval: 30,
    firmware: DEMO_DTU_FIRMWARE,
  },
  {
    sn: 'MERIDIANDEMO00000006',
    password: DEMO_PASSWORD,
    name: 'Greenhouse climate (MQTT)',
    protocol: 'mqttJson',
    profile: 'greenhouse',
    libraryModel: null,
    address: 'Greenhouse 3',
    latitude: 31.2251,
    longitude: 121.4802,
    interval: 10,
    firmware: SENSOR_FIRMWARE,
  },
];
