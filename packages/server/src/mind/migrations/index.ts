import type { MeridianMigration } from '../../platform/db/migrate.ts';
import * as m0008 from './0008_students.ts';
import * as m0009 from './0009_teachers.ts';
import * as m0014 from './0014_people_imports.ts';
import * as m0015 from './0015_students_bench_indexes.ts';
import * as m0019 from './0019_scales.ts';
import * as m0020 from './0020_assessments.ts';
import * as m0023 from './0023_warnings_workflow.ts';
import * as m0024 from './0024_archive.ts';
import * as m0025 from './0025_downloads.ts';
import * as m0036 from './0036_teacher_scales.ts';
import * as m0038 from './0038_mind_menus.ts';
import * as m0040 from './0040_school_signin.ts';
import * as m0045 from './0045_screen_counts.ts';
import * as m0049 from './0049_activities.ts';
import * as m0051 from './0051_tutor_choice.ts';
import * as m0053 from './0053_mood_journal.ts';
import * as m0054 from './0054_campus_alerts.ts';
import * as m0056 from './0056_tutor_menus.ts';
import * as m0062 from './0062_mood_journal_teachers.ts';
import * as m0063 from './0063_ai_settings.ts';
import * as m0064 from './0064_screen_links.ts';
import * as m0066 from './0066_student_insight_menu.ts';
import * as m0068 from './0068_security_screen_menu.ts';
import * as m0069 from './0069_campus_push.ts';
import * as m0072 from './0072_emotion_boards.ts';
import * as m0073 from './0073_faces.ts';
import * as m0074 from './0074_ai_interviews.ts';
import * as m0075 from './0075_province_docking.ts';
import * as m0076 from './0076_online_signing.ts';
import * as m0077 from './0077_youth_soul_menu.ts';
import * as m0079 from './0079_emotion_log.ts';
import * as m0082 from './0082_tree_hole.ts';
import * as m0089 from './0089_emotion_alerts.ts';
import * as m0099 from './0099_opaque_menus.ts';
import * as m0100 from './0100_docking_resync.ts';
import * as m0101 from './0101_signing_batches.ts';
import * as m0102 from './0102_template_center.ts';
import * as m0103 from './0103_campus_playback.ts';
import * as m0106 from './0106_task_sync.ts';
import * as m0107 from './0107_campus_event_students.ts';
import * as m0108 from './0108_transcript_retention.ts';
import * as m0114 from './0114_screen_totals.ts';
import * as m0115 from './0115_campus_push_deliveries.ts';
import * as m0119 from './0119_campus_recorders.ts';
import * as m0120 from './0120_staff_wechat_openid.ts';
import * as m0123 from './0123_staff_wechat_tickets.ts';

/** The migrations of Mind, by name. A name never changes once it has shipped: it orders every feature's migrations. */
export const mindMigrations: Record<string, MeridianMigration> = {
  '0008_students': m0008,
  '0009_teachers': m0009,
  '0014_people_imports': m0014,
  '0015_students_bench_indexes': m0015,
  '0019_scales': m0019,
  '0020_assessments': m0020,
  '0023_warnings_workflow': m0023,
  '0024_archive': m0024,
  '0025_downloads': m0025,
  '0036_teacher_scales': m0036,
  '0038_mind_menus': m0038,
  '0040_school_signin': m0040,
  '0045_screen_counts': m0045,
  '0049_activities': m0049,
  '0051_tutor_choice': m0051,
  '0053_mood_journal': m0053,
  '0054_campus_alerts': m0054,
  '0056_tutor_menus': m0056,
  '0062_mood_journal_teachers': m0062,
  '0063_ai_settings': m0063,
  '0064_screen_links': m0064,
  '0066_student_insight_menu': m0066,
  '0068_security_screen_menu': m0068,
  '0069_campus_push': m0069,
  '0072_emotion_boards': m0072,
  '0073_faces': m0073,
  '0074_ai_interviews': m0074,
  '0075_province_docking': m0075,
  '0076_online_signing': m0076,
  '0077_youth_soul_menu': m0077,
  '0079_emotion_log': m0079,
  '0082_tree_hole': m0082,
  '0089_emotion_alerts': m0089,
  '0099_opaque_menus': m0099,
  '0100_docking_resync': m0100,
  '0101_signing_batches': m0101,
  '0102_template_center': m0102,
  '0103_campus_playback': m0103,
  '0106_task_sync': m0106,
  '0107_campus_event_students': m0107,
  '0108_transcript_retention': m0108,
  '0114_screen_totals': m0114,
  '0115_campus_push_deliveries': m0115,
  '0119_campus_recorders': m0119,
  '0120_staff_wechat_openid': m0120,
  '0123_staff_wechat_tickets': m0123,
};
