import type { Lang } from '@meridian/contracts';
import { i18n } from '../../../shared/i18n.ts';

/** The strings of the download center, the export buttons and a student's results, lent to Mind's `app` namespace. */
const zhCN = {
  downloads: {
    title: '下载中心',
    hint: '导出在后台生成，完成后可在此下载。文件保留 {{days}} 天；含初始密码的登录条和账号清单只保留 {{hours}} 小时。到期时间见列表。',
    name: '文件名',
    kind: {
      results: '测评结果',
      report: '个人报告',
      groupReport: '团体报告',
      accountSlips: '账号登录条',
      accountList: '账号清单',
      statistics: '统计报告',
      statisticsSheet: '统计报告（Excel）',
      studentReport: '学生报告',
    },
    kindLabel: '类型',
    state: { queued: '排队中', running: '生成中', done: '已完成', failed: '失败', cancelled: '已取消' },
    stateLabel: '状态',
    progress: '进度',
    rows: '{{written}} / {{total}}',
    size: '大小',
    createdAt: '创建时间',
    expiresAt: '过期时间',
    download: '下载',
    cancel: '取消',
    delete: '删除',
    confirmCancel: '确认取消这个导出任务？',
    confirmDelete: '删除后文件不可恢复。确认删除？',
    cancelled: '已取消',
    deleted: '已删除',
    empty: '还没有导出任务；在测评结果或报告页点击“导出”即可生成文件',
    namePlaceholder: '按文件名搜索',
  },
  exports: {
    results: '导出 Excel',
    report: '导出 PDF',
    groupReport: '导出 PDF',
    accountSlips: '生成登录条 PDF',
    accountList: '导出 Excel',
    statistics: '导出 PDF',
    statisticsSheet: '导出 Excel',
    studentReport: '导出 PDF',
    started: '导出任务已创建，文件生成后可在下载中心下载',
    open: '前往下载中心',
  },
  scaleDetails: {
    title: '{{name}} 的测评记录',
    untitled: '学生测评记录',
    all: '该生全部测评',
    missing: '请从测评结果或学生档案中打开学生的测评记录',
    empty: '这位学生还没有测评结果，或不在您的数据范围内',
  },
};
type DownloadStrings = typeof zhCN;

const en: DownloadStrings = {
  downloads: {
    title: 'Download center',
    hint: 'Exports are written in the background and can be downloaded here when done. Files are kept {{days}} days; sign-in slips and account lists, which hold initial passwords, {{hours}} hours. Each file says when it goes.',
    name: 'File name',
    kind: {
      results: 'Results',
      report: 'Individual report',
      groupReport: 'Group report',
      accountSlips: 'Sign-in slips',
      accountList: 'Account list',
      statistics: 'Statistical report',
      statisticsSheet: 'Statistical report (Excel)',
      studentReport: 'Student report',
    },
    kindLabel: 'Kind',
    state: { queued: 'Queued', running: 'Running', done: 'Done', failed: 'Failed', cancelled: 'Cancelled' },
    stateLabel: 'State',
    progress: 'Progress',
    rows: '{{written}} / {{total}}',
    size: 'Size',
    createdAt: 'Created',
    expiresAt: 'Expires',
    download: 'Download',
    cancel: 'Cancel',
    delete: 'Delete',
    confirmCancel: 'Cancel this export?',
    confirmDelete: 'The file cannot be recovered once deleted. Delete it?',
    cancelled: 'Cancelled',
    deleted: 'Deleted',
    empty: 'No exports yet; "Export" on the results or report pages writes a file here',
    namePlaceholder: 'Search by file name',
  },
  exports: {
    results: 'Export Excel',
    report: 'Export PDF',
    groupReport: 'Export PDF',
    accountSlips: 'Write the sign-in slips (PDF)',
    accountList: 'Export Excel',
    statistics: 'Export PDF',
    statisticsSheet: 'Export Excel',
    studentReport: 'Export PDF',
    started: 'The export has started; download the file from the download center when it is done',
    open: 'Open the download center',
  },
  scaleDetails: {
    title: 'Assessments of {{name}}',
    untitled: "A student's assessments",
    all: "All this student's results",
    missing: "Open a student's assessments from the results or the student's file",
    empty: 'This student has no results yet, or is outside your data scope',
  },
};

const strings: Record<Lang, DownloadStrings> = { 'zh-CN': zhCN, en };
for (const [lang, bundle] of Object.entries(strings)) i18n.addResourceBundle(lang, 'app', bundle, true, false);

export { en as downloadsEn, zhCN as downloadsZh };
