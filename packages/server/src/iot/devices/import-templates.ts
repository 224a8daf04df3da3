import { type Lang, translate } from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { Scope } from '../../portal/access/scope.ts';
import { templateNames, templatesNamed } from '../templates/repository.ts';
import { templateUsable } from './repository.ts';

/** How many template names a row error lists before "and N more". */
export const NAMES_LISTED = 20;
/** How many templates the sample's second sheet lists: far more than any account keeps. */
export const NAMES_IN_SAMPLE = 1000;

/** A template cell resolved: the template's id, or why it names none (in the caller's language). */
export type TemplateCell = { id: number } | { error: string };

/** "A, B, C and 4 more" in the caller's language. */
function listOf(names: readonly string[], total: number, lang: Lang): string {
  const shown = names.slice(0, NAMES_LISTED).join(translate('device.import.listSeparator', lang));
  return total > NAMES_LISTED
    ? translate('device.import.andMore', lang, { names: shown, count: total - NAMES_LISTED })
    : shown;
}

/**
 * Resolves the template column of an import: each distinct cell is a template's name as the user
 * sees it in Templates (own templates and those of their sub-users, as the device form offers; the
 * library never, it is copied first), compared without case; a whole number that names no template
 * is read as a template id, as files made from the older template held. Two templates of one name
 * in the tree: the caller's own wins, else the cell is ambiguous and must name the id. What names
 * no template gets a sentence listing the names there are.
 */
export async function resolveTemplateCells(
  db: Kysely<Database>,
  scope: Scope,
  cells: readonly string[],
  lang: Lang,
): Promise<Map<string, TemplateCell>> {
  const distinct = [...new Set(cells)];
  const out = new Map<string, TemplateCell>();
  if (distinct.length === 0) return out;
  const found = await templatesNamed(db, scope, distinct);
  let known: Awaited<ReturnType<typeof templateNames>> | undefined;
  for (const cell of distinct) {
    const exact = found.filter((t) => t.name === cell);
    const matches = exact.length > 0 ? exact : found.filter((t) => t.name.toLowerCase() === cell.toLowerCase());
    const mine = matches.filter((t) => t.ownerId === scope.userId);
    const chosen = matches.length === 1 ? matches[0] : mine.length === 1 ? mine[0] : undefined;
    if (chosen) out.set(cell, { id: chosen.id });
    else if (matches.length > 1) {
      const ids = matches.map((t) => t.id).join(', ');
      out.set(cell, { error: translate('device.import.templateAmbiguous', lang, { name: cell, ids }) });
    } else if (/^\d{1,15}$/.test(cell) && (await templateUsable(db, scope, Number(cell), null))) {
      out.set(cell, { id: Number(cell) });
    } else {
      known ??= await templateNames(db, scope, NAMES_LISTED);
      const names = listOf(
        known.list.map((t) => t.name),
        known.total,
        lang,
      );
      const error =
        known.total === 0
          ? translate('device.import.templateNone', lang, { name: cell })
          : translate('device.import.templateUnknown', lang, { name: cell, names });
      out.set(cell, { error });
    }
  }
  return out;
}
