import type { ScaleDefinitionInput } from '@meridian/contracts';

const t = (zh: string, en: string) => ({ 'zh-CN': zh, en });

/** A small sound custom scale: three items 0-2, one factor, two bands and a warning rule. */
export function customDefinition(overrides: Partial<ScaleDefinitionInput> = {}): ScaleDefinitionInput {
  return {
    code: 'STRESS',
    name: t('学业压力自查', 'Study stress check'),
    description: t('三道题的学业压力自查。', 'A three-item study stress check.'),
    audience: 'student',
    languages: ['zh-CN', 'en'],
    options: [
      { value: 'A', label: t('从不', 'Never'), score: 0 },
      { value: 'B', label: t('有时', 'Sometimes'), score: 1 },
      { value: 'C', label: t('经常', 'Often'), score: 2 },
    ],
    items: [
      { id: '1', text: t('作业让我喘不过气', 'Homework overwhelms me') },
      { id: '2', text: t('考试前我睡不好', 'I sleep badly before exams') },
      { id: '3', text: t('我能按时完成作业', 'I finish homework on time'), reverse: true },
    ],
    scoring: { method: 'sum' },
    bands: [
      { id: 'low', min: 0, max: 3, label: t('正常', 'Normal') },
      { id: 'high', min: 4, max: 6, label: t('偏高', 'High') },
    ],
    factors: [{ id: 'load', name: t('负担', 'Load'), items: ['1', '2'], method: 'sum' }],
    warnings: [
      { id: 'high', level: 'yellow', when: { kind: 'band', bands: ['high'] }, reason: t('压力偏高', 'High stress') },
    ],
    ...overrides,
  };
}
