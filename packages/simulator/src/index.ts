/**
 * Device simulators for tests, demos and benchmarks: DTUs with Modbus RTU slaves behind them,
 * Modbus TCP through DTUs, a relay to a real slave, and MQTT devices (docs/simulator.md).
 */
export const SIMULATOR_VERSION = '0.1.0';
export * from './campus-box.ts';
export * from './cjt188-meter.ts';
export * from './custom-device.ts';
export * from './demo.ts';
export * from './dlt645-meter.ts';
export * from './dtu.ts';
export * from './dtu-ota.ts';
export * from './fleet.ts';
export * from './modbus.ts';
export * from './mqtt-device.ts';
export * from './onvif.ts';
export * from './onvif-camera.ts';
export * from './ota.ts';
export * from './profiles.ts';
export * from './route.ts';
export * from './signals.ts';
export * from './slave.ts';
export * from './stats.ts';
