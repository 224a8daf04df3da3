/**
 * Device simulators for tests, demos and benchmarks: DTUs with Modbus RTU slaves behind them,
 * Modbus TCP through DTUs, and MQTT devices. They arrive with the device gateway; this package
 * holds the place in the workspace so that the tests and benchmarks can depend on it.
 */
export const SIMULATOR_VERSION = '0.1.0';
