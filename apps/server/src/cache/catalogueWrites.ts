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
 * Tables whose rows appear in public catalogue responses (listings, product pages, home rails, suggestions).
 * Stock, rating and review counts live on `products`; `reviews` feed the product page.
 */
const CATALOGUE_TABLES = new Set([
  'products',
  'product_images',
  'reviews',
  'categories',
  'sellers',
  'banners',
]);
const WRITE_STATEMENT = /^\s*(insert|update|delete|truncate|replace)\b/i;

function tableName(node: OperationNode | undefined): string | undefined {
  if (!node) return undefined;
  if (node.kind === 'TableNode')
    return (node as unknown as { table: { identifier: { name: string } } }).table.identifier.name;
  if (node.kind === 'AliasNode') return tableName((node as unknown as { node: OperationNode }).node);
  return undefined;
}

/** The catalogue tables a statement writes to, if any. */
export function catalogueTablesWritten(node: RootOperationNode): string[] {
  const tables: (string | undefined)[] = [];
  switch (node.kind) {
    case 'InsertQueryNode':
      tables.push(tableName(node.into));
      break;
    case 'UpdateQueryNode':
      tables.push(tableName(node.table), ...(node.from?.froms ?? []).map(tableName));
      break;
    case 'DeleteQueryNode':
      tables.push(...node.from.froms.map(tableName));
      break;
    case 'RawNode': {
      // sql`…` statements (the seed's truncate, SQLite's FTS maintenance): look at the text and table arguments.
      if (!WRITE_STATEMENT.test(node.sqlFragments[0] ?? '')) return [];
      const text = node.sqlFragments.join(' ').toLowerCase();
      tables.push(...[...CATALOGUE_TABLES].filter((table) => new RegExp(`\\b${table}\\b`).test(text)));
      tables.push(...node.parameters.map(tableName));
      break;
    }
    default:
      return [];
  }
  return [
    ...new Set(tables.filter((table): table is string => table !== undefined && CATALOGUE_TABLES.has(table))),
  ];
}

/**
 * Watches every statement that goes through Kysely and tells its listeners when one has written to a
 * catalogue table. Hooking the query layer rather than each feature means no write path can be forgotten:
 * orders taking stock, cancellations and the reservation job giving it back, reviews changing ratings, seeds.
 * Listeners hear about a write once the statement has run (inside its transaction, possibly before commit).
 */
export class CatalogueWriteTracker {
  /** How many catalogue writes this process has run; a request compares it before and after itself. */
  writes = 0;
  private readonly listeners = new Set<() => void>();
  private readonly pending = new WeakMap<QueryId, true>();

  readonly plugin: KyselyPlugin = {
    transformQuery: (args: PluginTransformQueryArgs): RootOperationNode => {
      if (catalogueTablesWritten(args.node).length) this.pending.set(args.queryId, true);
      return args.node;
    },
    transformResult: async (args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => {
      if (this.pending.has(args.queryId)) {
        this.pending.delete(args.queryId);
        this.writes += 1;
        for (const listener of this.listeners) listener();
      }
      return args.result;
    },
  };

  /**
   * Runs `work` (something outside any request, such as a background job) and, if it wrote to the catalogue,
   * tells the listeners once more when it has finished, i.e. after its transactions committed: a read that ran
   * between a write and its commit may have cached the old rows, and this retires them.
   */
  async settledAfter<T>(work: () => Promise<T>): Promise<T> {
    const writesBefore = this.writes;
    try {
      return await work();
    } finally {
      if (this.writes !== writesBefore) for (const listener of this.listeners) listener();
    }
  }

  /** Calls `listener` after each catalogue write; returns the unsubscribe function. */
  onWrite(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
