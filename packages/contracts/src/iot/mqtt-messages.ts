/** Messages of MQTT and HTTP device ingest, in every language. */
export const mqttMessages = {};
