import { isIdCardNumber, phone } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { idCardNumber, phoneNumber } from './names.ts';
import { planDistrict, schoolYearStart } from './plan.ts';

const today = new Date('2026-03-10T08:00:00Z');

describe('the demo district plan', () => {
  it('is the same district on every installation', () => {
    expect(JSON.stringify(planDistrict(today))).toBe(JSON.stringify(planDistrict(today)));
    expect(JSON.stringify(planDistrict(today, 1))).not.toBe(JSON.stringify(planDistrict(today)));
  });

  it('has 3 schools of 6, 3 and 3 grades, 4 to 6 classes a grade and about 3,000 students', () => {
    const plan = planDistrict(today);
    const grades = plan.schools.map((s) => s.campuses.flatMap((c) => c.grades));
    expect(grades.map((g) => g.map((x) => x.name))).toEqual([
      ['一年级', '二年级', '三年级', '四年级', '五年级', '六年级'],
      ['七年级', '八年级', '九年级'],
      ['高一', '高二', '高三'],
    ]);
    expect(plan.schools.map((s) => s.campuses.length)).toEqual([2, 1, 2]);
    const classes = grades.flat().flatMap((g) => g.classes);
    expect(grades.flat().every((g) => g.classes.length >= 4 && g.classes.length <= 6)).toBe(true);
    const students = classes.flatMap((c) => c.students);
    expect(students.length).toBeGreaterThan(2700);
    expect(students.length).toBeLessThan(3300);
    expect(students.every((s) => /^[\p{Script=Han}]{2,4}$/u.test(s.name))).toBe(true);
  });

  it('gives birthdays that match the grade and ID cards that pass GB 11643', () => {
    const plan = planDistrict(today);
    // The 2025-2026 school year: a first-year pupil was born between September 2018 and August 2019.
    const first = plan.schools[0]?.campuses[0]?.grades[0];
    expect(first?.name).toBe('一年级');
    for (const s of first?.classes.flatMap((c) => c.students) ?? []) {
      expect(s.birthday >= '2018-09-01' && s.birthday <= '2019-08-31').toBe(true);
      expect(s.enrolYear).toBe(2025);
    }
    const senior = plan.schools[2]?.campuses[1]?.grades[0];
    expect(senior?.name).toBe('高三');
    expect(senior?.classes[0]?.students[0]?.enrolYear).toBe(2023);
    const all = plan.schools.flatMap((s) =>
      s.campuses.flatMap((c) => c.grades.flatMap((g) => g.classes.flatMap((k) => k.students))),
    );
    for (const s of all) {
      expect(isIdCardNumber(s.idCard)).toBe(true);
      // The seventeenth digit is odd for a man, even for a woman.
      expect(Number(s.idCard[16]) % 2).toBe(s.gender === 'male' ? 1 : 0);
    }
    expect(idCardNumber('110105', '2012-03-04', 61, 'female')).toBe('110105201203041229');
  });

  it('gives every parent and teacher a distinct phone number a phone form accepts', () => {
    const plan = planDistrict(today);
    const phones = [
      ...plan.schools.flatMap((s) => s.teachers.map((t) => t.phone)),
      ...plan.schools.flatMap((s) =>
        s.campuses.flatMap((c) =>
          c.grades.flatMap((g) => g.classes.flatMap((k) => k.students.flatMap((st) => st.parents.map((p) => p.phone)))),
        ),
      ),
    ];
    expect(new Set(phones).size).toBe(phones.length);
    expect(phones.every((p) => phone.safeParse(p).success)).toBe(true);
    expect(new Set(Array.from({ length: 100_000 }, (_, n) => phoneNumber(n))).size).toBe(100_000);
  });

  it('staffs each school with a head teacher per class and two psychology teachers', () => {
    const plan = planDistrict(today);
    for (const school of plan.schools) {
      const keys = school.campuses.flatMap((c) => c.grades.flatMap((g) => g.classes.map((k) => k.key)));
      expect(
        school.teachers
          .map((t) => t.heads)
          .filter(Boolean)
          .sort(),
      ).toEqual([...keys].sort());
      expect(school.teachers.filter((t) => t.psychology)).toHaveLength(2);
      expect(new Set(school.teachers.map((t) => t.teacherNo)).size).toBe(school.teachers.length);
    }
  });

  it('sets the semester that today falls in as the current one', () => {
    expect(schoolYearStart(new Date('2026-08-31T00:00:00Z'))).toBe(2025);
    expect(schoolYearStart(new Date('2026-09-01T00:00:00Z'))).toBe(2026);
    const plan = planDistrict(today);
    expect(plan.years.map((y) => [y.name, y.current])).toEqual([
      ['2024-2025学年', null],
      ['2025-2026学年', { term: 2 }],
    ]);
    expect(planDistrict(new Date('2025-12-01T00:00:00Z')).years[1]?.current).toEqual({ term: 1 });
  });
});
