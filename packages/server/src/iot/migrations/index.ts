import type { MeridianMigration } from '../../platform/db/migrate.ts';
import * as m0010 from './0010_devices.ts';
import * as m0011 from './0011_templates.ts';
import * as m0012 from './0012_devices_more.ts';
import * as m0013 from './0013_projects_more.ts';
import * as m0016 from './0016_gateway.ts';
import * as m0017 from './0017_telemetry.ts';
import * as m0018 from './0018_mqtt.ts';
import * as m0021 from './0021_alarms.ts';
import * as m0022 from './0022_notify.ts';
import * as m0026 from './0026_devices_by_owner.ts';
import * as m0030 from './0030_alarm_facts.ts';
import * as m0031 from './0031_device_links.ts';
import * as m0032 from './0032_timed_tasks.ts';
// Remote configuration (issue 19).
import * as m0033 from './0033_device_config.ts';
// Firmware Management (issue 19).
import * as m0034 from './0034_firmware.ts';
import * as m0035 from './0035_task_recoveries.ts';
// Firmware upgrade jobs (issue 19).
import * as m0037 from './0037_upgrades.ts';
import * as m0041 from './0041_work_orders.ts';
import * as m0043 from './0043_maintenance_plans.ts';
import * as m0044 from './0044_scada.ts';
import * as m0046 from './0046_gateway_messages.ts';
import * as m0050 from './0050_billing.ts';
import * as m0052 from './0052_operation_stats.ts';
import * as m0058 from './0058_work_order_check_in.ts';
import * as m0059 from './0059_work_order_notices.ts';
import * as m0060 from './0060_network_samples.ts';
import * as m0065 from './0065_articles.ts';
import * as m0067 from './0067_dlt645_templates.ts';
import * as m0070 from './0070_invoices.ts';
import * as m0071 from './0071_scada_links.ts';
import * as m0078 from './0078_mqtt_broker_clients.ts';
import * as m0083 from './0083_cameras.ts';
import * as m0084 from './0084_passthrough_strategies.ts';
import * as m0092 from './0092_bigscreen_settings.ts';
import * as m0093 from './0093_alarm_snapshots.ts';
import * as m0094 from './0094_data_push.ts';
import * as m0104 from './0104_order_cancel_reason.ts';
import * as m0105 from './0105_message_allowance.ts';
import * as m0109 from './0109_data_push_alarms.ts';
import * as m0110 from './0110_scada_versions.ts';
import * as m0112 from './0112_article_owners.ts';
import * as m0113 from './0113_custom_protocols.ts';
import * as m0124 from './0124_passthrough_groups.ts';
import * as m0129 from './0129_passthrough_relays.ts';
import * as m0131 from './0131_passthrough_bridged.ts';

/** The migrations of Device Cloud, by name. A name never changes once it has shipped: it orders every feature's migrations. */
export const iotMigrations: Record<string, MeridianMigration> = {
  '0010_devices': m0010,
  '0011_templates': m0011,
  '0012_devices_more': m0012,
  '0013_projects_more': m0013,
  '0016_gateway': m0016,
  '0017_telemetry': m0017,
  '0018_mqtt': m0018,
  '0021_alarms': m0021,
  '0022_notify': m0022,
  '0026_devices_by_owner': m0026,
  '0030_alarm_facts': m0030,
  '0031_device_links': m0031,
  '0032_timed_tasks': m0032,
  // Remote configuration (issue 19).
  '0033_device_config': m0033,
  // Firmware Management (issue 19).
  '0034_firmware': m0034,
  // Timed tasks: a run kept for a device that was offline (issue 19).
  '0035_task_recoveries': m0035,
  // Firmware upgrade jobs (issue 19).
  '0037_upgrades': m0037,
  // Repair work orders (issue 27).
  '0041_work_orders': m0041,
  // Maintenance plans, and work-order numbers from a counter (issue 27).
  '0043_maintenance_plans': m0043,
  // Cloud configuration (issue 20).
  '0044_scada': m0044,
  // Commands between processes: notices too large for NOTIFY (issue 28).
  '0046_gateway_messages': m0046,
  // Orders, payments and the balance ledger (issue 24).
  '0050_billing': m0050,
  // The operation center's nightly figures (issue 27).
  '0052_operation_stats': m0052,
  // An engineer checks in on site from the phone page (issue 27).
  '0058_work_order_check_in': m0058,
  // Work-order notices: sent to an engineer, past a time limit (issue 27).
  '0059_work_order_notices': m0059,
  // Network monitoring: signal, battery and traffic over time (issue 27).
  '0060_network_samples': m0060,
  // Articles: announcements on the home page, news and help (issue 24).
  '0065_articles': m0065,
  // DL/T 645 meters in templates: meter addresses and data identifiers (issue 25).
  '0067_dlt645_templates': m0067,
  // Invoices of paid orders and their review (issue 24).
  '0070_invoices': m0070,
  // A configuration shared by a link that opens without signing in (issue 20).
  '0071_scada_links': m0071,
  // The devices' clients in an external Mosquitto's dynamic security (issue 28).
  '0078_mqtt_broker_clients': m0078,
  // Cameras and the Video Monitor (issue 25).
  '0083_cameras': m0083,
  // Passthrough strategies: a DTU reached by the user's PC software (issue 25).
  '0084_passthrough_strategies': m0084,
  // The large-screen monitor's settings per account (issue 20).
  '0092_bigscreen_settings': m0092,
  // A camera's snapshot attached to an alarm of a bound device (issue 25).
  '0093_alarm_snapshots': m0093,
  // Data push targets and their deliveries (issue 25).
  '0094_data_push': m0094,
  // Why an administrator cancelled an order: a bank transfer that never came (issue 24).
  '0104_order_cancel_reason': m0104,
  // Alarm SMS and calls through the platform's provider, counted against the month (issue 24).
  '0105_message_allowance': m0105,
  // What a data push target forwards: values, alarm events or both (issue 25).
  '0109_data_push_alarms': m0109,
  // Versions of a configuration: drafts, the published one, roll back (issue 20).
  '0110_scada_versions': m0110,
  // Articles of a neutral member, for its customers (issue 24).
  '0112_article_owners': m0112,
  // Custom protocols defined by frames, chosen by templates (issue 25).
  '0113_custom_protocols': m0113,
  // Passthrough groups: management and edge DTUs bridged together (issue 25).
  '0124_passthrough_groups': m0124,
  // Where each gateway process takes PC clients of passthrough from the others (issue 25).
  '0129_passthrough_relays': m0129,
  // Which gateway process holds which passthrough group member bridged (issue 28).
  '0131_passthrough_bridged': m0131,
};
