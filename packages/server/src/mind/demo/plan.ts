import type { ParentRelation } from '@meridian/contracts';
import {
  DemoRandom,
  dateBetween,
  type Gender,
  givenName,
  idCardNumber,
  personName,
  phoneNumber,
  surname,
} from './names.ts';

/** The demo district, worked out in memory before anything is written, so that the writing is plain batches. */
export interface DistrictPlan {
  bureau: { name: string; code: string };
  schools: SchoolPlan[];
  years: YearPlan[];
}

export interface SchoolPlan {
  name: string;
  code: string;
  campuses: Array<{ name: string; grades: GradePlan[] }>;
  teachers: TeacherPlan[];
}

export interface GradePlan {
  /** 1 to 12: primary 1-6, junior middle 7-9, senior high 10-12. */
  number: number;
  name: string;
  classes: ClassPlan[];
}

export interface ClassPlan {
  /** Ties a teacher's classes to the class before it has an id. */
  key: string;
  name: string;
  students: StudentPlan[];
}

export interface StudentPlan {
  name: string;
  studentNo: string;
  gender: Gender;
  birthday: string;
  idCard: string;
  enrolYear: number;
  parents: Array<{ name: string; phone: string; relation: ParentRelation }>;
}

export interface TeacherPlan {
  teacherNo: string;
  name: string;
  gender: Gender;
  phone: string;
  subject: string;
  title: string;
  psychology: boolean;
  /** The class this teacher heads (class key). */
  heads: string | null;
  /** The classes this teacher teaches a subject in (class keys). */
  teaches: string[];
}

export interface YearPlan {
  name: string;
  startDate: string;
  endDate: string;
  semesters: Array<{ term: number; startDate: string; endDate: string }>;
  current: { term: number } | null;
}

/** The seed of the demo district: change it and every name changes. */
export const DEMO_SEED = 20260901;
/** The region part of the demo ID card numbers (an administrative division code, 6 digits). */
const REGION = '330106';

const GRADE_NAMES = [
  '一年级',
  '二年级',
  '三年级',
  '四年级',
  '五年级',
  '六年级',
  '七年级',
  '八年级',
  '九年级',
  '高一',
  '高二',
  '高三',
];
const CLASS_PREFIX = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '高一', '高二', '高三'];
const SUBJECTS: Record<'primary' | 'middle' | 'high', string[]> = {
  primary: ['语文', '数学', '英语'],
  middle: ['语文', '数学', '英语', '物理'],
  high: ['语文', '数学', '英语', '物理', '化学'],
};
const TITLES = ['二级教师', '一级教师', '一级教师', '高级教师'];

interface SchoolShape {
  name: string;
  code: string;
  level: keyof typeof SUBJECTS;
  campuses: Array<{ name: string; grades: number[] }>;
  classesPerGrade: number;
}

/** Three schools of a district: the grades a primary, a junior middle and a senior high school hold, on one or two campuses. */
const SHAPES: SchoolShape[] = [
  {
    name: '示范区实验小学',
    code: 'DEMO-PS',
    level: 'primary',
    campuses: [
      { name: '东校区', grades: [1, 2, 3] },
      { name: '西校区', grades: [4, 5, 6] },
    ],
    classesPerGrade: 4,
  },
  {
    name: '示范区第一初级中学',
    code: 'DEMO-MS',
    level: 'middle',
    campuses: [{ name: '本部', grades: [7, 8, 9] }],
    classesPerGrade: 5,
  },
  {
    name: '示范区高级中学',
    code: 'DEMO-HS',
    level: 'high',
    campuses: [
      { name: '本部', grades: [10, 11] },
      { name: '新校区', grades: [12] },
    ],
    classesPerGrade: 6,
  },
];

/** The school year that `today` falls in begins on 1 September of this year. */
export function schoolYearStart(today: Date): number {
  return today.getUTCMonth() >= 8 ? today.getUTCFullYear() : today.getUTCFullYear() - 1;
}

function yearPlan(start: number, today: string): YearPlan {
  const semesters = [
    { term: 1, startDate: `${start}-09-01`, endDate: `${start + 1}-01-20` },
    { term: 2, startDate: `${start + 1}-02-20`, endDate: `${start + 1}-07-10` },
  ];
  const inYear = today >= `${start}-09-01` && today < `${start + 1}-09-01`;
  return {
    name: `${start}-${start + 1}学年`,
    startDate: `${start}-09-01`,
    endDate: `${start + 1}-08-31`,
    semesters,
    // The winter holiday still belongs to the first term; the second starts in February.
    current: inYear ? { term: today < `${start + 1}-02-01` ? 1 : 2 } : null,
  };
}

function student(
  rng: DemoRandom,
  grade: number,
  year: number,
  studentNo: string,
  ids: Map<string, number>,
): StudentPlan {
  const gender: Gender = rng.next() < 0.52 ? 'male' : 'female';
  const family = surname(rng);
  // A first-year pupil turns six by 31 August of the year they start school.
  const entered = year - (grade - 1);
  const birthday = dateBetween(rng, `${entered - 7}-09-01`, `${entered - 6}-08-31`);
  const seq = ids.get(birthday) ?? 0;
  ids.set(birthday, seq + 1);
  const levelStart = grade <= 6 ? 1 : grade <= 9 ? 7 : 10;
  const parents: StudentPlan['parents'] = [];
  const both = rng.next() < 0.7;
  if (both || rng.next() < 0.5) parents.push({ name: personName(rng, 'male', family), phone: '', relation: 'father' });
  if (both || parents.length === 0) parents.push({ name: personName(rng, 'female'), phone: '', relation: 'mother' });
  if (rng.next() < 0.05)
    parents.splice(0, 1, { name: personName(rng, 'female', family), phone: '', relation: 'guardian' });
  return {
    name: `${family}${givenName(rng, gender)}`,
    studentNo,
    gender,
    birthday,
    idCard: idCardNumber(REGION, birthday, seq, gender),
    enrolYear: year - (grade - levelStart),
    parents,
  };
}

/** The whole demo district for the school year `today` is in: about 3,000 students in 57 classes. */
export function planDistrict(today = new Date(), seed = DEMO_SEED): DistrictPlan {
  const rng = new DemoRandom(seed);
  const year = schoolYearStart(today);
  const todayText = today.toISOString().slice(0, 10);
  const ids = new Map<string, number>();
  let phones = 0;
  const schools = SHAPES.map((shape, s): SchoolPlan => {
    const teachers: TeacherPlan[] = [];
    const teacher = (subject: string, psychology: boolean, heads: string | null, teaches: string[]) => {
      const gender: Gender = rng.next() < 0.7 ? 'female' : 'male';
      teachers.push({
        teacherNo: `T${s + 1}${String(teachers.length + 1).padStart(3, '0')}`,
        name: personName(rng, gender),
        gender,
        phone: phoneNumber(500_000 + phones++),
        subject,
        title: rng.pick(TITLES),
        psychology,
        heads,
        teaches,
      });
    };
    // The two psychology teachers come first, so that the demo psychology teacher is the school's first teacher.
    teacher('心理健康', true, null, []);
    teacher('心理健康', true, null, []);
    const campuses = shape.campuses.map((campus) => ({
      name: campus.name,
      grades: campus.grades.map((number): GradePlan => {
        const classes = Array.from({ length: shape.classesPerGrade }, (_, c): ClassPlan => {
          const key = `${s}-${number}-${c + 1}`;
          const size = rng.int(48, 56);
          const enrol = year - (number - 1);
          const students = Array.from({ length: size }, (_, seat) =>
            student(
              rng,
              number,
              year,
              `${enrol}${String(number).padStart(2, '0')}${c + 1}${String(seat + 1).padStart(2, '0')}`,
              ids,
            ),
          );
          return { key, name: `${CLASS_PREFIX[number - 1]}(${c + 1})班`, students };
        });
        const keys = classes.map((c) => c.key);
        // Each class's head teacher teaches the first subject there; the other subjects have one teacher per grade.
        for (const key of keys) teacher(SUBJECTS[shape.level][0] as string, false, key, []);
        for (const subject of SUBJECTS[shape.level].slice(1)) teacher(subject, false, null, keys);
        return { number, name: GRADE_NAMES[number - 1] as string, classes };
      }),
    }));
    for (const c of campuses.flatMap((x) => x.grades.flatMap((g) => g.classes.flatMap((k) => k.students)))) {
      for (const p of c.parents) p.phone = phoneNumber(phones++);
    }
    return { name: shape.name, code: shape.code, campuses, teachers };
  });
  return {
    bureau: { name: '示范区教育局', code: 'DEMO-BUREAU' },
    schools,
    years: [yearPlan(year - 1, todayText), yearPlan(year, todayText)],
  };
}
