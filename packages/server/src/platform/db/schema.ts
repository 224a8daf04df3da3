import type { AlarmsTables } from '../../iot/alarms/tables.ts';
import type { DevicesTables } from '../../iot/devices/tables.ts';
import type { GatewayTables } from '../../iot/gateway/tables.ts';
import type { MqttTables } from '../../iot/mqtt/tables.ts';
import type { NotifyTables } from '../../iot/notify/tables.ts';
import type { TelemetryTables } from '../../iot/telemetry/tables.ts';
import type { TemplatesTables } from '../../iot/templates/tables.ts';
import type { ArchiveTables } from '../../mind/archive/tables.ts';
import type { AssessmentsTables } from '../../mind/assessments/tables.ts';
import type { DownloadsTables } from '../../mind/downloads/tables.ts';
import type { InterventionsTables } from '../../mind/interventions/tables.ts';
import type { BindingTables } from '../../mind/people/binding/tables.ts';
import type { StudentsTables } from '../../mind/people/students/tables.ts';
import type { TeachersTables } from '../../mind/people/teachers/tables.ts';
import type { ScalesTables } from '../../mind/scales/tables.ts';
import type { WarningsTables } from '../../mind/warnings/tables.ts';
import type { AccountLifecycleTables } from '../../portal/accounts/lifecycle-tables.ts';
import type { FilesTables } from '../../portal/files/tables.ts';
import type { IdentityTables } from '../../portal/identity/tables.ts';
import type { OauthTables } from '../../portal/oauth/tables.ts';
import type { OrgsTables } from '../../portal/orgs/tables.ts';
import type { JobsTable } from '../jobs/schema.ts';

/**
 * Every table Meridian keeps, as Kysely sees it. Each feature declares its tables beside its
 * repository and adds them here, so that one interface types every query.
 */
export interface Database
  extends IdentityTables,
    AccountLifecycleTables,
    FilesTables,
    OrgsTables,
    OauthTables,
    StudentsTables,
    TeachersTables,
    DevicesTables,
    TemplatesTables,
    BindingTables,
    GatewayTables,
    TelemetryTables,
    MqttTables,
    ScalesTables,
    AssessmentsTables,
    WarningsTables,
    AlarmsTables,
    NotifyTables,
    InterventionsTables,
    ArchiveTables,
    DownloadsTables {
  jobs: JobsTable;
}
