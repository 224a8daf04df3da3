import { orgName } from '@meridian/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { audit } from '../../../portal/audit/service.ts';
import type { Actor } from '../../../portal/orgs/actor.ts';
import { ORG_COLUMNS, ORG_REQUIRED } from './columns.ts';
import { insertNode, nodesOfSchool, type SchoolNode } from './repository.ts';
import { ImportReport, readImport } from './upload.ts';

const orgRow = z.object({ campus: orgName.optional(), grade: orgName, class: orgName });
type Place = { id: number; path: string; depth: number };

const norm = (name: string) => name.trim().toLowerCase();

/**
 * A school's campuses, grades and classes from one sheet (columns campus, grade, class): campuses
 * and grades are found by name or created, each class is created; a class that already exists or
 * repeats in the file is reported, and nothing is written until every row is good.
 */
export async function importOrgs(actor: Actor, request: FastifyRequest) {
  const { rows, school } = await readImport(actor, request, ORG_COLUMNS, ORG_REQUIRED);
  const report = new ImportReport(actor.lang);
  const nodes = await nodesOfSchool(actor.db, school.path);
  const childNamed = (parentId: number, type: SchoolNode['type'], name: string) =>
    nodes.find((n) => n.parent_id === parentId && n.type === type && norm(n.name) === norm(name));
  const good: Array<{ row: number } & z.infer<typeof orgRow>> = [];
  for (const { row, cells } of rows) {
    const parsed = report.parse(row, orgRow, cells);
    if (!parsed) continue;
    const campus = parsed.campus ? childNamed(school.id, 'campus', parsed.campus) : undefined;
    const grade = childNamed(campus?.id ?? school.id, 'grade', parsed.grade);
    if (grade && (!parsed.campus || campus) && childNamed(grade.id, 'class', parsed.class)) {
      report.add(row, 'class', 'peopleImport.classExists');
    } else good.push({ row, ...parsed });
  }
  report.repeats(
    rows,
    (r) => r.row,
    (r) => [r.cells.campus, r.cells.grade, r.cells.class].map((c) => norm(c ?? '')).join('/'),
    'class',
  );
  report.throwIfAny();

  return actor.db.transaction().execute(async (trx) => {
    const made = new Map<string, Place>();
    let created = 0;
    /** The node of that name under `parent`: an existing one, one made earlier in this import, or a new one. */
    const ensure = async (parent: Place, type: 'campus' | 'grade', name: string): Promise<Place> => {
      const key = `${parent.id}/${type}/${norm(name)}`;
      const existing = made.get(key) ?? childNamed(parent.id, type, name);
      if (existing) return existing;
      const node = await insertNode(trx, parent, type, name);
      made.set(key, node);
      created++;
      return node;
    };
    for (const g of good) {
      const campus = g.campus ? await ensure(school, 'campus', g.campus) : school;
      const grade = await ensure(campus, 'grade', g.grade);
      await insertNode(trx, grade, 'class', g.class);
      created++;
    }
    await audit(trx, actor.request, {
      action: 'importOrgs',
      targetType: 'school',
      targetId: school.id,
      detail: { classes: good.length, created },
    });
    return { imported: good.length, created };
  });
}
