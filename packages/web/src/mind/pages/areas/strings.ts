import type { Lang } from '@meridian/contracts';
import { i18n } from '../../../shared/i18n.ts';

/** The strings of the areas (qyList, qy), decision 0109. */
const zhCN = {
  area: {
    name: '区域',
    schools: '学校数',
    school: '学校',
    students: '在籍学生',
    sheets: '测评完成',
    sheetsOf: '{{done}} / {{assigned}}',
    results: '测评结果',
    warned: '触发预警',
    openWarnings: '未结预警',
    open: '查看',
    areas: '区域',
    empty: '你的数据范围内还没有区域：学校需挂在教育局（区县、街道）下',
    schoolsEmpty: '该区域还没有学校',
    note: '区域是你所在教育局下一级的区县或街道；直属于你所在教育局的学校合为一个以其命名的区域。数字来自汇总数据，不显示任何学生个人。',
    noAccess: '你当前的角色不能查看区域，如有需要请联系管理员。',
    noArea: '请从区域列表打开一个区域',
    back: '返回区域列表',
    total: '合计',
  },
};
type AreaStrings = typeof zhCN;

const en: AreaStrings = {
  area: {
    name: 'Area',
    schools: 'Schools',
    school: 'School',
    students: 'Students',
    sheets: 'Sheets answered',
    sheetsOf: '{{done}} / {{assigned}}',
    results: 'Results',
    warned: 'Warned',
    openWarnings: 'Open warnings',
    open: 'Open',
    areas: 'Areas',
    empty: 'No area in your data scope yet: schools must sit under an education bureau (a district or sub-district)',
    schoolsEmpty: 'This area has no school yet',
    note: 'An area is a district or sub-district one level below your bureau; the schools directly under your bureau form one area named after it. Figures come from summaries and name no student.',
    noAccess: 'Your current role may not see areas; ask your administrator if you need them.',
    noArea: 'Open an area from the area list',
    back: 'Back to the area list',
    total: 'Total',
  },
};

const strings: Record<Lang, AreaStrings> = { 'zh-CN': zhCN, en };
for (const [lang, bundle] of Object.entries(strings)) i18n.addResourceBundle(lang, 'app', bundle, true, false);
