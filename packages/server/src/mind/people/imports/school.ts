import type { Scope } from '../../../portal/access/scope.ts';
import { orgPathInScope } from '../../../portal/access/scope.ts';
import type { SchoolNode } from './repository.ts';

export interface ClassPlace {
  classId: number;
  gradeId: number;
  campusId: number | null;
}

export type ClassLookup =
  | { place: ClassPlace }
  | { problem: 'peopleImport.classNotFound' | 'peopleImport.classAmbiguous' };

const key = (...parts: Array<string | undefined>) => parts.map((p) => (p ?? '').trim().toLowerCase()).join('\u0000');

/**
 * Finds classes of one school by their names as a sheet writes them: campus (optional when only
 * one campus has such a grade and class), grade, class. A class outside the caller's scope, or a
 * disabled one, is not found: an import never places anyone where the caller could not.
 */
export function classFinder(nodes: readonly SchoolNode[], scope: Scope) {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const withCampus = new Map<string, ClassPlace>();
  const withoutCampus = new Map<string, ClassPlace[]>();
  for (const klass of nodes) {
    if (klass.type !== 'class' || klass.status !== 'enabled' || !orgPathInScope(scope, klass.path)) continue;
    const grade = klass.parent_id === null ? undefined : byId.get(klass.parent_id);
    if (grade?.type !== 'grade') continue;
    const campus = grade.parent_id === null ? undefined : byId.get(grade.parent_id);
    const place = { classId: klass.id, gradeId: grade.id, campusId: campus?.type === 'campus' ? campus.id : null };
    withCampus.set(key(campus?.type === 'campus' ? campus.name : '', grade.name, klass.name), place);
    const loose = key(grade.name, klass.name);
    withoutCampus.set(loose, [...(withoutCampus.get(loose) ?? []), place]);
  }
  return (campus: string | undefined, grade: string | undefined, klass: string | undefined): ClassLookup => {
    if (campus) {
      const place = withCampus.get(key(campus, grade, klass));
      return place ? { place } : { problem: 'peopleImport.classNotFound' };
    }
    const places = withoutCampus.get(key(grade, klass)) ?? [];
    const [only] = places;
    if (places.length > 1) return { problem: 'peopleImport.classAmbiguous' };
    return only ? { place: only } : { problem: 'peopleImport.classNotFound' };
  };
}
