import type { LocalText, ScaleDefinition } from '@meridian/contracts';
import { t } from './build.ts';
import { gad7, phq9 } from './phq.ts';
import { seekSupport } from './teacher.ts';

/**
 * PHQ-9 and GAD-7 were written for and validated in adults: the teachers' versions are the
 * students' definitions themselves (items, options, key, flags and warning rules), not copies.
 * Only what a scale row keys on differs (its code and audience, one per row) and the advice,
 * which for students sends the psychology teacher to them.
 */
function forTeachers(student: ScaleDefinition, code: string, name: LocalText): ScaleDefinition {
  const talk = t(
    '建议与心理老师或学校的教职工心理支持渠道聊聊。',
    "Talk with the school's psychology staff or staff support service.",
  );
  return {
    ...student,
    code,
    name,
    audience: 'teacher',
    bands: student.bands.map((b) => {
      if (!b.suggestion) return b;
      const severe = b.id === 'moderatelySevere' || b.id === 'severe';
      return { ...b, suggestion: severe ? seekSupport : b.id === 'moderate' ? talk : b.suggestion };
    }),
  };
}

export const phq9Adult = forTeachers(
  phq9,
  'PHQ-9-ADULT',
  t('患者健康问卷抑郁量表（PHQ-9，成人）', 'Patient Health Questionnaire (PHQ-9, adults)'),
);
export const gad7Adult = forTeachers(
  gad7,
  'GAD-7-ADULT',
  t('广泛性焦虑量表（GAD-7，成人）', 'Generalized Anxiety Disorder scale (GAD-7, adults)'),
);
