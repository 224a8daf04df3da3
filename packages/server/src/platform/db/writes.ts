import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryId,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/**
 * Who wants to hear of this process's writes to some tables: a cache of rows read from them
 * (the sessions) forgets what it holds, before the statement and again once it has run.
 */
const watchers: Array<{ tables: ReadonlySet<string>; changed: () => void }> = [];

export function watchWrites(tables: readonly string[], changed: () => void): void {
  watchers.push({ tables: new Set(tables), changed });
}

/** The Kysely plugin every database handle carries, so that no write path can miss telling the watchers. */
export class WriteWatch implements KyselyPlugin {
  readonly #pending = new WeakMap<QueryId, string>();

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    const table = writtenTable(node);
    if (table !== undefined && tell(table)) this.#pending.set(queryId, table);
    return node;
  }

  async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const table = this.#pending.get(queryId);
    if (table !== undefined) {
      this.#pending.delete(queryId);
      tell(table);
    }
    return result;
  }
}

/** Tells the watchers of `table`; whether any watches it. */
function tell(table: string): boolean {
  let told = false;
  for (const w of watchers) {
    if (w.tables.has(table)) {
      w.changed();
      told = true;
    }
  }
  return told;
}

function writtenTable(node: RootOperationNode): string | undefined {
  switch (node.kind) {
    case 'InsertQueryNode':
      return node.into ? tableName(node.into) : undefined;
    case 'UpdateQueryNode':
      return node.table ? tableName(node.table) : undefined;
    case 'DeleteQueryNode':
      return node.from.froms[0] ? tableName(node.from.froms[0]) : undefined;
    default:
      return undefined;
  }
}

/** The name of a table node, aliased or not. */
function tableName(node: OperationNode): string | undefined {
  const table = node.kind === 'AliasNode' ? (node as unknown as { node: OperationNode }).node : node;
  if (table.kind !== 'TableNode') return undefined;
  return (table as unknown as { table: { identifier: { name: string } } }).table.identifier.name;
}
