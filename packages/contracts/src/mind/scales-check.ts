import type { Band, Condition, ScaleDefinition } from './scales.ts';

/** One broken rule of a definition, at a field path like `items[3].options[1].score`. */
export interface DefinitionProblem {
  field: string;
  key:
    | 'v.scale.duplicate'
    | 'v.scale.duplicateOption'
    | 'v.scale.options'
    | 'v.scale.unknownItem'
    | 'v.scale.unknownFactor'
    | 'v.scale.unknownFlag'
    | 'v.scale.unknownBand'
    | 'v.scale.bandRange'
    | 'v.scale.bandOverlap'
    | 'v.scale.multiplier';
  params?: Record<string, string>;
}

/**
 * The rules a definition's shape cannot express: ids are unique, every item has 2 to 20 options
 * with distinct values, factors and rules name things that exist, bands do not overlap, and a
 * standard score has its multiplier. The editor shows these next to the field; publishing
 * refuses a definition with any.
 */
export function checkDefinition(definition: ScaleDefinition): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const add = (field: string, key: DefinitionProblem['key'], params?: Record<string, string>) =>
    problems.push(params ? { field, key, params } : { field, key });

  const checkDuplicates = (options: ScaleDefinition['options'], where: string) => {
    const values = new Set<string>();
    options.forEach((o, j) => {
      if (values.has(o.value)) add(`${where}[${j}].value`, 'v.scale.duplicateOption', { value: o.value });
      values.add(o.value);
    });
  };
  const checkOptions = (options: ScaleDefinition['options'], where: string) => {
    if (options.length < 2) add(where, 'v.scale.options');
    checkDuplicates(options, where);
  };
  const itemIds = new Set<string>();
  let sharedUsed = false;
  definition.items.forEach((item, i) => {
    if (itemIds.has(item.id)) add(`items[${i}].id`, 'v.scale.duplicate', { id: item.id });
    itemIds.add(item.id);
    if (item.options && item.options.length > 0) checkOptions(item.options, `items[${i}].options`);
    else sharedUsed = true;
  });
  // The shared options are checked once, and need two or more only when some item uses them.
  if (sharedUsed) checkOptions(definition.options, 'options');
  else checkDuplicates(definition.options, 'options');

  if (definition.scoring.method === 'standard' && definition.scoring.multiplier === undefined) {
    add('scoring.multiplier', 'v.scale.multiplier');
  }
  checkBands(definition.bands, 'bands', add);

  const factorIds = new Set<string>();
  definition.factors.forEach((factor, i) => {
    if (factorIds.has(factor.id)) add(`factors[${i}].id`, 'v.scale.duplicate', { id: factor.id });
    factorIds.add(factor.id);
    factor.items.forEach((itemId, j) => {
      if (!itemIds.has(itemId)) add(`factors[${i}].items[${j}]`, 'v.scale.unknownItem', { id: itemId });
    });
    checkBands(factor.bands ?? [], `factors[${i}].bands`, add);
  });

  const bandIds = new Set(definition.bands.map((b) => b.id));
  const flagIds = new Set<string>();
  const checkCondition = (c: Condition, field: string): void => {
    switch (c.kind) {
      case 'factor':
        if (!factorIds.has(c.factor)) add(`${field}.factor`, 'v.scale.unknownFactor', { id: c.factor });
        return;
      case 'anyFactor':
        c.factors?.forEach((f, j) => {
          if (!factorIds.has(f)) add(`${field}.factors[${j}]`, 'v.scale.unknownFactor', { id: f });
        });
        return;
      case 'item':
        if (!itemIds.has(c.item)) add(`${field}.item`, 'v.scale.unknownItem', { id: c.item });
        return;
      case 'band':
        c.bands.forEach((b, j) => {
          if (!bandIds.has(b)) add(`${field}.bands[${j}]`, 'v.scale.unknownBand', { id: b });
        });
        return;
      case 'flag':
        // Flags are evaluated in order, so a flag may only build on one defined before it.
        if (!flagIds.has(c.flag)) add(`${field}.flag`, 'v.scale.unknownFlag', { id: c.flag });
        return;
      case 'any':
      case 'all':
        c.of.forEach((inner, j) => {
          checkCondition(inner, `${field}.of[${j}]`);
        });
        return;
      default:
        return;
    }
  };
  const ruleIds = (list: { id: string; when: Condition }[], name: string, afterEach?: (id: string) => void) => {
    const seen = new Set<string>();
    list.forEach((rule, i) => {
      if (seen.has(rule.id)) add(`${name}[${i}].id`, 'v.scale.duplicate', { id: rule.id });
      seen.add(rule.id);
      checkCondition(rule.when, `${name}[${i}].when`);
      afterEach?.(rule.id);
    });
  };
  // Validity rules run before any flag exists.
  ruleIds(definition.validity, 'validity');
  ruleIds(definition.flags, 'flags', (id) => flagIds.add(id));
  ruleIds(definition.warnings, 'warnings');
  return problems;
}

function checkBands(
  bands: Band[],
  field: string,
  add: (field: string, key: DefinitionProblem['key'], params?: Record<string, string>) => void,
): void {
  const seen = new Set<string>();
  bands.forEach((band, i) => {
    if (seen.has(band.id)) add(`${field}[${i}].id`, 'v.scale.duplicate', { id: band.id });
    seen.add(band.id);
    if (band.min > band.max) add(`${field}[${i}].max`, 'v.scale.bandRange');
    const overlaps = bands.slice(0, i).some((other) => band.min <= other.max && band.max >= other.min);
    if (overlaps) add(`${field}[${i}].min`, 'v.scale.bandOverlap', { id: band.id });
  });
}
