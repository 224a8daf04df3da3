/** The token of a device that posts to the HTTP ingest endpoint; only its hash is kept. */
export interface DeviceTokensTable {
  device_id: number;
  token_hash: string;
  created_by: number | null;
  created_at: number;
}

/** A device's client in an external Mosquitto's dynamic security, as Meridian last set it (decision 0106). */
export interface MqttBrokerClientsTable {
  sn: string;
  /** SHA-256 of the communication password the broker was given. */
  password_hash: string;
  synced_at: number;
}

/** The tables of MQTT and HTTP device ingest, added to `Database` in platform/db/schema.ts. */
export interface MqttTables {
  device_tokens: DeviceTokensTable;
  mqtt_broker_clients: MqttBrokerClientsTable;
}
