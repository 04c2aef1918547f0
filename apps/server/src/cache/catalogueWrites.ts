import {
  AndNode,
  BinaryOperationNode,
  ColumnNode,
  ColumnUpdateNode,
  OperatorNode,
  PrimitiveValueListNode,
  ReferenceNode,
  ValueListNode,
  ValueNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryExecutor,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type UpdateQueryNode,
} from 'kysely';

/**
 * Where a product is listed: the listing filters a change of its sizes in stock can matter to are those that let
 * its category, brand and colour through.
 */
export interface ListingPlace {
  categoryId: number;
  brand: string;
  colour: string;
}

/**
 * What a catalogue write changed: only the stock of some products (orders, cancellations, the reservation job),
 * which product pages and listings showing those products must reflect; only the banners (the admin console),
 * which only the banner call shows; or anything else, which may change what every catalogue answer contains.
 * A stock change that sold out a size or brought one back (or the product itself) also says where those products
 * are listed (`sizesMovedIn`): counts and listings filtered by size in those places change too. One that brought a
 * sold-out product back in stock says its category (`backInStockIn`): what picks in-stock products there (the
 * product page's carousels) may now pick it.
 */
export type CatalogueChange =
  | { kind: 'stock'; productIds: number[]; sizesMovedIn?: ListingPlace[]; backInStockIn?: number[] }
  | { kind: 'banners' }
  | { kind: 'catalogue' };

const WHOLE_CATALOGUE: CatalogueChange = { kind: 'catalogue' };
const BANNERS: CatalogueChange = { kind: 'banners' };

/**
 * Tables whose rows appear in public catalogue responses (listings, product pages, home rails, suggestions).
 * Stock, rating and review counts live on `products`; `reviews` feed the product page.
 */
const CATALOGUE_TABLES = new Set([
  'products',
  'product_variants',
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

const columnName = (node: OperationNode): string | undefined =>
  ColumnNode.is(node)
    ? node.column.name
    : ReferenceNode.is(node) && ColumnNode.is(node.column)
      ? node.column.column.name
      : undefined;

/** The product ids a WHERE clause pins `id` to (`id = 7`, `id in (7, 8)`, ANDed with anything), if it does. */
function pinnedIds(node: OperationNode): number[] | undefined {
  if (AndNode.is(node)) return pinnedIds(node.left) ?? pinnedIds(node.right);
  if (
    !BinaryOperationNode.is(node) ||
    columnName(node.leftOperand) !== 'id' ||
    !OperatorNode.is(node.operator)
  )
    return undefined;
  const operand = node.rightOperand;
  const values =
    node.operator.operator === '=' && ValueNode.is(operand)
      ? [operand.value]
      : node.operator.operator === 'in' && PrimitiveValueListNode.is(operand)
        ? operand.values
        : node.operator.operator === 'in' && ValueListNode.is(operand)
          ? operand.values.map((value) => (ValueNode.is(value) ? value.value : undefined))
          : undefined;
  if (!values?.every((value) => Number.isInteger(value))) return undefined;
  return values as number[];
}

const setsOnly = (node: UpdateQueryNode, column: string): boolean =>
  !!node.updates?.length &&
  node.updates.every((update) => ColumnUpdateNode.is(update) && columnName(update.column) === column);

/**
 * What a write statement changed. An UPDATE of `products` that sets nothing but `stock` on rows named by id is a
 * stock change of those products; every other catalogue write (or a stock update not pinned to ids) counts as a
 * change of the whole catalogue. Undefined for statements that write no catalogue table.
 */
export function catalogueChangeOf(node: RootOperationNode): CatalogueChange | undefined {
  const tables = catalogueTablesWritten(node);
  if (!tables.length) return undefined;
  if (tables.length === 1 && tables[0] === 'banners') return BANNERS;
  if (node.kind !== 'UpdateQueryNode' || node.from || node.joins?.length) return WHOLE_CATALOGUE;
  const onlyStock = setsOnly(node, 'stock');
  // A variant's stock never changes alone: `changeVariantStock` changes its product's stock in the same
  // transaction, with an update pinned to the product's id, which reports the change for both.
  if (onlyStock && tables.length === 1 && tables[0] === 'product_variants') return undefined;
  const productIds = onlyStock && node.where ? pinnedIds(node.where.where) : undefined;
  return productIds ? { kind: 'stock', productIds } : WHOLE_CATALOGUE;
}

const placeKey = (place: ListingPlace) => JSON.stringify([place.categoryId, place.brand, place.colour]);

/**
 * One change covering several: the union of their products (and of where sizes moved), the banners if all were,
 * or the whole catalogue if any was or they mix banners and stock (rare enough that retiring a little more costs
 * nothing).
 */
export function combinedChange(changes: readonly CatalogueChange[]): CatalogueChange {
  if (changes.length && changes.every((change) => change.kind === 'banners')) return BANNERS;
  const productIds = new Set<number>();
  const places = new Map<string, ListingPlace>();
  const backInStockIn = new Set<number>();
  for (const change of changes) {
    if (change.kind !== 'stock') return WHOLE_CATALOGUE;
    for (const id of change.productIds) productIds.add(id);
    for (const place of change.sizesMovedIn ?? []) places.set(placeKey(place), place);
    for (const categoryId of change.backInStockIn ?? []) backInStockIn.add(categoryId);
  }
  return {
    kind: 'stock',
    productIds: [...productIds],
    ...(places.size && { sizesMovedIn: [...places.values()] }),
    ...(backInStockIn.size && { backInStockIn: [...backInStockIn] }),
  };
}

/** How many recent writes the tracker remembers for `changesSince`; a request spanning more retires everything. */
const REMEMBERED_WRITES = 1_000;

/** The tracker each tracking plugin reports to, for `catalogueWritesOf`. */
const trackerOfPlugin = new WeakMap<KyselyPlugin, CatalogueWriteTracker>();

/**
 * Watches every statement that goes through Kysely and tells its listeners what each write to a catalogue table
 * changed. Hooking the query layer rather than each feature means no write path can be forgotten: orders taking
 * stock, cancellations and the reservation job giving it back, reviews changing ratings, seeds.
 * Listeners hear about a write once the statement has run (inside its transaction, possibly before commit).
 * What no statement says (a product's sizes in stock moved, by a trigger) is reported by the write path itself
 * (`sizesMoved`), and counts as a write like the others.
 */
export class CatalogueWriteTracker {
  /** How many catalogue writes this process has run; a request compares it before and after itself. */
  writes = 0;
  private readonly listeners = new Set<(change: CatalogueChange) => void>();
  private readonly pending = new WeakMap<QueryId, CatalogueChange>();
  /** The last REMEMBERED_WRITES changes; `recent[i]` is write number `writes - recent.length + i + 1`. */
  private readonly recent: CatalogueChange[] = [];

  readonly plugin: KyselyPlugin = {
    transformQuery: (args: PluginTransformQueryArgs): RootOperationNode => {
      const change = catalogueChangeOf(args.node);
      if (change) this.pending.set(args.queryId, change);
      return args.node;
    },
    transformResult: async (args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => {
      const change = this.pending.get(args.queryId);
      if (change) {
        this.pending.delete(args.queryId);
        this.recorded(change);
      }
      return args.result;
    },
  };

  constructor() {
    trackerOfPlugin.set(this.plugin, this);
  }

  /**
   * A product's sizes in stock moved (a variant's stock crossed zero: migration 027's trigger changed
   * `products.sizes_in_stock`), and where it is listed: counts and listings filtered by size there change, beside
   * the pages showing its stock; `backInStock`, the product itself had sold out and is on sale again. Told by the
   * statement that changed the stock, within its transaction; like every write, heard now and again when the
   * request or job that made it has finished.
   */
  sizesMoved(productId: number, place: ListingPlace, { backInStock }: { backInStock: boolean }): void {
    this.recorded({
      kind: 'stock',
      productIds: [productId],
      sizesMovedIn: [place],
      ...(backInStock && { backInStockIn: [place.categoryId] }),
    });
  }

  /**
   * Another program (a command-line tool) changed the catalogue, as told through the database
   * (jobs/outsideCatalogueChanges.ts): which rows is not known, so it counts as a change of the whole catalogue.
   */
  changedElsewhere(): void {
    this.recorded(WHOLE_CATALOGUE);
  }

  /**
   * Everything written since the tracker counted `writesBefore` (this process's writes, whoever made them): a
   * request or job re-announces it once its own writes have committed. Over-reporting only retires a few more
   * entries; a span longer than the tracker remembers is reported as the whole catalogue.
   */
  changesSince(writesBefore: number): CatalogueChange {
    const count = this.writes - writesBefore;
    if (count > this.recent.length) return WHOLE_CATALOGUE;
    return combinedChange(this.recent.slice(this.recent.length - count));
  }

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
      if (this.writes !== writesBefore) this.tell(this.changesSince(writesBefore));
    }
  }

  /** Calls `listener` after each catalogue write with what it changed; returns the unsubscribe function. */
  onWrite(listener: (change: CatalogueChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private recorded(change: CatalogueChange): void {
    this.writes += 1;
    this.recent.push(change);
    if (this.recent.length > REMEMBERED_WRITES) this.recent.shift();
    this.tell(change);
  }

  private tell(change: CatalogueChange): void {
    for (const listener of this.listeners) listener(change);
  }
}

/**
 * The tracker watching the statements of `db` (a database handle or one of its transactions: a transaction keeps
 * its database's plugins), or undefined when none does (a bare Kysely in a tool or test).
 */
export function catalogueWritesOf(db: { getExecutor(): QueryExecutor }): CatalogueWriteTracker | undefined {
  for (const plugin of db.getExecutor().plugins) {
    const tracker = trackerOfPlugin.get(plugin);
    if (tracker) return tracker;
  }
  return undefined;
}
