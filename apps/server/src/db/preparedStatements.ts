import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/**
 * Statements kept prepared per connection: about the number of distinct catalogue reads the server sends (each
 * length of an `in (…)` list is a text of its own), so a busy connection rarely evicts.
 */
const PREPARED_PER_CONNECTION = 200;

/**
 * Only reads are prepared: they are the catalogue's big statements, sent again and again. Writes are small to plan,
 * and the bulk ones (seed, restore) are one-off texts with thousands of parameters that would only fill the
 * connection's memory.
 */
const PREPARABLE = /^\s*(select|with)\b/i;
/**
 * A range compared with a parameter (a price band, a rating floor) is left to be planned for its values: a generic
 * plan cannot know how much of a category a range keeps, and its guess picked plans 50 to 150 times slower for banded
 * listings (docs/benchmarks.md). Equalities and `in` lists are planned well from the columns' statistics alone.
 */
const RANGE_PARAMETER = /(?:^|[^<>])[<>]=?\s*\$\d|\bbetween\s+\$\d/i;
/**
 * A full-text match is left to be planned for its words too: a generic plan cannot see the words, takes every one to
 * match 0.5 % of products, and so counts and pages a common word through its whole GIN entry where the plan made for
 * it tests index entries until it has enough. Over 790 search reads of bench scenario (j) at 100,000 products the
 * generic plans took a median 3.2–28 ms against 0.6–1.8 ms (docs/query-plans.md, 2026-11-28), and `auto` had picked
 * them after five runs.
 */
const FULL_TEXT_MATCH = /@@/;
/** A read with this many parameters is built from a long list (a bulk read) and seldom repeats. */
const MAX_PREPARED_PARAMETERS = 100;

/** Whether a read outside a transaction is sent as a named statement, from its text and its number of parameters. */
function isPreparable(text: string, parameterCount: number): boolean {
  return (
    PREPARABLE.test(text) &&
    !RANGE_PARAMETER.test(text) &&
    !FULL_TEXT_MATCH.test(text) &&
    parameterCount <= MAX_PREPARED_PARAMETERS
  );
}

/** PostgreSQL's "cached plan must not change result type": a table read with `*` changed under the statement. */
const CACHED_PLAN_CHANGED = '0A000';

/**
 * Kysely sends every statement unnamed, so PostgreSQL parses and plans it each time, and the catalogue's reads (facet
 * filters, carousel lists, the hidden-products subquery) cost more to plan than to run. This pool hands Kysely
 * connections that send each read as a named prepared statement, one per SQL text: PostgreSQL parses it once per
 * connection and, once it has seen that a generic plan is no worse than planning for the values (plan_cache_mode
 * auto, after five runs), stops planning it at all. A statement is per connection, which has one search_path, so the
 * one-schema-per-test runs share nothing.
 *
 * The least recently used statement is deallocated when a connection holds `limit`. A migration that changes a table
 * read with `*` (migrations only add, and the running version keeps serving while they run) makes its statement fail
 * with 0A000; it is then prepared afresh and run again. Reads inside a transaction stay unnamed: there that failure
 * would end the transaction (a checkout, a refund), and they are the write flows' reads, not the catalogue's.
 */
export function withPreparedStatements(pool: pg.Pool, limit = PREPARED_PER_CONNECTION): PostgresPool {
  const connections = new WeakMap<pg.PoolClient, PreparingClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let connection = connections.get(client);
      if (!connection) {
        connection = new PreparingClient(client, limit);
        connections.set(client, connection);
      }
      return connection;
    },
    end: () => pool.end(),
  };
}

/** The part of node-postgres's connection that remembers which names it has parsed (not in its typings). */
interface ParsedStatements {
  connection: { parsedStatements: Record<string, string | undefined> };
}

class PreparingClient implements PostgresPoolClient {
  /** SQL text → statement name, least recently used first. */
  private readonly names = new Map<string, string>();
  private sequence = 0;

  constructor(
    private readonly client: pg.PoolClient,
    private readonly limit: number,
  ) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    statement: string | PostgresCursor<R>,
    parameters?: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof statement !== 'string')
      return this.client.query(statement as unknown as pg.Submittable) as unknown as PostgresCursor<R>;
    // node-postgres only reads the values (it serialises them as it sends), so Kysely's array is passed as it is.
    const values = (parameters ?? []) as unknown[];
    if (this.client.getTransactionStatus() !== 'I') return this.send<R>({ text: statement, values });
    // A text already prepared passed the tests below when it was first sent (and a text's parameters are always as
    // many), so the catalogue's repeated reads cost one lookup here.
    const known = this.names.get(statement);
    if (known !== undefined) return this.prepared<R>(statement, values, this.touch(statement, known));
    if (!isPreparable(statement, values.length)) return this.send<R>({ text: statement, values });
    return this.prepared<R>(statement, values, this.prepare(statement));
  }

  release(): void {
    this.client.release();
  }

  /**
   * `name` is looked up (or made) in the same step as the query is queued, so a statement deallocated by a later
   * eviction is always queued after every query that uses it.
   */
  private async prepared<R>(text: string, values: unknown[], name: string): Promise<PostgresQueryResult<R>> {
    try {
      return await this.send<R>({ name, text, values });
    } catch (error) {
      const onServer = this.parsed()[name] !== undefined;
      const planChanged = (error as { code?: string }).code === CACHED_PLAN_CHANGED;
      if (onServer && !planChanged) throw error;
      // A statement that failed to prepare is forgotten, so no DEALLOCATE is ever sent for it.
      if (this.names.get(text) === name) this.names.delete(text);
      if (!planChanged) throw error;
      this.deallocate(name);
      return this.send<R>({ name: this.nameFor(text), text, values });
    }
  }

  /** node-postgres types `command` as any string; Kysely's result names the ones it reads. */
  private send<R>(query: pg.QueryConfig): Promise<PostgresQueryResult<R>> {
    return this.client.query(query) as unknown as Promise<PostgresQueryResult<R>>;
  }

  /** The name a retry runs under: another query queued on this connection may have prepared the text afresh already. */
  private nameFor(text: string): string {
    const known = this.names.get(text);
    return known === undefined ? this.prepare(text) : this.touch(text, known);
  }

  /** Marks a prepared statement as the most recently used. */
  private touch(text: string, name: string): string {
    this.names.delete(text);
    this.names.set(text, name);
    return name;
  }

  /** A name for a text not prepared on this connection yet, evicting the least recently used past the limit. */
  private prepare(text: string): string {
    const name = `bazaar_${++this.sequence}`;
    this.names.set(text, name);
    if (this.names.size > this.limit) {
      const [oldestText, oldestName] = this.names.entries().next().value!;
      this.names.delete(oldestText);
      this.deallocate(oldestName);
    }
    return name;
  }

  /**
   * Queued behind the queries already sent (outside a transaction, so it cannot end one), and node-postgres forgets
   * the name once the server has, so the text it keeps per name stays bounded too. A statement whose preparing
   * query was still queued and then failed is not on the server: the refusal is expected.
   */
  private deallocate(name: string): void {
    const forget = () => delete this.parsed()[name];
    this.client.query(`DEALLOCATE "${name}"`).then(forget, forget);
  }

  private parsed(): Record<string, string | undefined> {
    return (this.client as unknown as ParsedStatements).connection.parsedStatements;
  }
}
