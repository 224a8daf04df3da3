/** Messages of telemetry, in every language. */
export const telemetryMessages = {};
