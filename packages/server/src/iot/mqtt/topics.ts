/** The topics of the MQTT device protocol (docs/protocols/mqtt.md). */
export type DeviceTopicKind = 'up' | 'status' | 'ack';

const DEVICE_TOPIC = /^devices\/([^/+#]+)\/(up|status|ack)$/;

/** The device and kind of a topic a device publishes on, or null for any other topic. */
export function deviceTopic(topic: string): { sn: string; kind: DeviceTopicKind } | null {
  const match = DEVICE_TOPIC.exec(topic);
  return match ? { sn: match[1] as string, kind: match[2] as DeviceTopicKind } : null;
}

export const downTopic = (sn: string) => `devices/${sn}/down`;
