import type { CompiledQuery, DatabaseConnection, Dialect, Driver, OperationNode, TransactionSettings } from "kysely";

/** Every table a write may have touched; unknown statements (DDL, unreadable raw SQL) report this. */
export const ANY_TABLE = "*";

/**
 * One statement's write: its table (and schema, when named); for an UPDATE built with Kysely, the columns it set, and the
 * rows it was pinned to when its WHERE says `id = …` or `id in (…)` (ANDed with anything). Null
 * means "any": an insert or a delete (columns), an update of rows chosen otherwise (ids), raw SQL.
 */
export interface Write {
  table: string;
  /** The schema the statement named the table in; null when it named the table bare, as the shop names its own. */
  schema: string | null;
  columns: readonly string[] | null;
  ids: readonly string[] | null;
}

/** A committed change as a listener hears it: the tables it wrote, and each write in order. */
export interface Commit {
  tables: ReadonlySet<string>;
  writes: readonly Write[];
}

export type WriteListener = (commit: Commit) => void;

/**
 * Wraps a Kysely dialect so that, once a write is committed (after the transaction's COMMIT, or
 * at once outside a transaction), the listener hears what it wrote. Rolled-back writes are never
 * reported. Caches of rendered pages rely on this: a change becomes visible to readers only at
 * commit, so that is when a cached copy stops being true; and what it wrote (a product's stock
 * and nothing else, say) tells which copies (server/catalogue-changes.ts).
 */
export function watchWrites(dialect: Dialect, listener: WriteListener): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => new WatchedDriver(dialect.createDriver(), listener),
  };
}

class WatchedDriver implements Driver {
  readonly #inner: Driver;
  readonly #listener: WriteListener;
  /** The connection each handed-out proxy stands for. */
  readonly #inners = new WeakMap<DatabaseConnection, DatabaseConnection>();
  /** What each connection's open transaction wrote, not yet committed. */
  readonly #pending = new WeakMap<DatabaseConnection, Write[] | null>();

  constructor(inner: Driver, listener: WriteListener) {
    this.#inner = inner;
    this.#listener = listener;
  }

  init() {
    return this.#inner.init();
  }

  async acquireConnection() {
    const inner = await this.#inner.acquireConnection();
    const proxy = new Proxy(inner, {
      get: (target, prop) => {
        if (prop === "executeQuery") return (query: CompiledQuery, options?: unknown) => this.#execute(target, query, options);
        const value: unknown = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    this.#inners.set(proxy, inner);
    return proxy;
  }

  async #execute(connection: DatabaseConnection, query: CompiledQuery, options: unknown) {
    const result = await connection.executeQuery(query, options as Parameters<DatabaseConnection["executeQuery"]>[1]);
    const writes = statementWrites(query);
    if (writes.length > 0) {
      const pending = this.#pending.get(connection);
      if (pending) pending.push(...writes);
      else this.#listener(commitOf(writes));
    }
    return result;
  }

  #unwrap(connection: DatabaseConnection): DatabaseConnection {
    return this.#inners.get(connection) ?? connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const inner = this.#unwrap(connection);
    await this.#inner.beginTransaction(inner, settings);
    this.#pending.set(inner, []);
  }

  async commitTransaction(connection: DatabaseConnection) {
    const inner = this.#unwrap(connection);
    await this.#inner.commitTransaction(inner);
    const written = this.#pending.get(inner);
    this.#pending.set(inner, null);
    if (written && written.length > 0) this.#listener(commitOf(written));
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    const inner = this.#unwrap(connection);
    this.#pending.set(inner, null);
    await this.#inner.rollbackTransaction(inner);
  }

  // A savepoint rolled back leaves its tables marked: saying too much only costs a cache refill.
  async savepoint(connection: DatabaseConnection, name: string, compile: Parameters<NonNullable<Driver["savepoint"]>>[2]) {
    await this.#inner.savepoint?.(this.#unwrap(connection), name, compile);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: Parameters<NonNullable<Driver["savepoint"]>>[2]) {
    await this.#inner.rollbackToSavepoint?.(this.#unwrap(connection), name, compile);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: Parameters<NonNullable<Driver["savepoint"]>>[2]) {
    await this.#inner.releaseSavepoint?.(this.#unwrap(connection), name, compile);
  }

  releaseConnection(connection: DatabaseConnection) {
    return this.#inner.releaseConnection(this.#unwrap(connection));
  }

  destroy() {
    return this.#inner.destroy();
  }
}

function commitOf(writes: readonly Write[]): Commit {
  return { tables: new Set(writes.map((w) => w.table)), writes };
}

const READS = /^\s*(?:select|pragma|explain|begin|commit|rollback|savepoint|release|show|set|listen|unlisten|notify)\b/i;
const RAW_WRITE = /^\s*(?:insert(?:\s+or\s+\w+)?\s+into|replace\s+into|update(?:\s+or\s+\w+)?|delete\s+from)\s+(?:only\s+)?((?:"?\w+"?\.)?"?\w+"?)(?:\s|\(|$)/i;
/** A data-modifying WITH (`WITH ins AS (INSERT INTO …`, as pg-boss sends jobs): the first write in it. */
const WITH_WRITE = /\(\s*((?:insert\s+into|update|delete\s+from)\s[\s\S]*)$/i;

/** The tables a statement writes: none for a read, ANY_TABLE when it cannot tell. */
export function writtenTables(query: CompiledQuery): string[] {
  return statementWrites(query).map((w) => w.table);
}

/** What a statement writes: nothing for a read; a write of ANY_TABLE when it cannot tell. */
export function statementWrites(query: CompiledQuery): Write[] {
  const node = query.query as Node;
  if (node.kind === "RawNode") return rawWrites(query.sql);
  return nodeWrites(node);
}

type Node = OperationNode & Record<string, unknown>;

function anyRows(table: string): Write {
  return { table, schema: null, columns: null, ids: null };
}

/** A builder query's writes, its WITH clause's data-modifying queries included. */
function nodeWrites(node: Node): Write[] {
  const ctes = ((node.with as { expressions?: { expression?: OperationNode }[] } | undefined)?.expressions ?? []).flatMap((cte) =>
    cte.expression ? nodeWrites(cte.expression as Node) : [],
  );
  switch (node.kind) {
    case "SelectQueryNode":
      return ctes;
    case "InsertQueryNode":
      return [...ctes, ...tableNames(node.into).map(anyRows)];
    case "UpdateQueryNode": {
      const columns = updatedColumns(node.updates);
      const ids = pinnedIds((node.where as { where?: OperationNode } | undefined)?.where);
      return [...ctes, ...tableNames(node.table).map((table) => ({ table, schema: null, columns, ids }))];
    }
    case "DeleteQueryNode":
      return [...ctes, ...tableNames((node.from as { froms?: unknown[] } | undefined)?.froms).map(anyRows)];
    default:
      return [anyRows(ANY_TABLE)];
  }
}

function rawWrites(text: string): Write[] {
  // Raw `sql` may be a WITH … SELECT; a WITH that writes shows an insert/update/delete keyword.
  if (READS.test(text) || (/^\s*with\b/i.test(text) && !/\b(?:insert|update|delete)\b/i.test(text))) return [];
  const statement = /^\s*with\b/i.test(text) ? (WITH_WRITE.exec(text)?.[1] ?? "") : text;
  const name = RAW_WRITE.exec(statement)?.[1];
  if (!name) return [anyRows(ANY_TABLE)];
  const [table = ANY_TABLE, schema = null] = name.replaceAll('"', "").split(".").reverse();
  return [{ table, schema, columns: null, ids: null }];
}

/** Table names found in a TableNode, an aliased one, or a list of them. */
function tableNames(node: unknown): string[] {
  if (!node) return [ANY_TABLE];
  if (Array.isArray(node)) return node.flatMap(tableNames);
  const n = node as { kind?: string; table?: { identifier?: { name?: string } }; node?: unknown };
  if (n.kind === "TableNode" && n.table?.identifier?.name) return [n.table.identifier.name];
  if (n.kind === "AliasNode") return tableNames(n.node);
  return [ANY_TABLE];
}

/** The columns an UPDATE's SET names, or null when one cannot be read. */
function updatedColumns(updates: unknown): string[] | null {
  if (!Array.isArray(updates)) return null;
  const names = updates.map((u) => columnName((u as { column?: unknown }).column));
  return names.every((n): n is string => n !== null) ? names : null;
}

function columnName(node: unknown): string | null {
  const n = node as { kind?: string; column?: { kind?: string; name?: string; column?: { name?: string } } } | undefined;
  if (n?.kind === "ColumnNode") return (n.column as { name?: string } | undefined)?.name ?? null;
  if (n?.kind === "ReferenceNode" && n.column?.kind === "ColumnNode") return n.column.column?.name ?? null;
  return null;
}

/**
 * The ids a WHERE pins its rows to: `id = x` or `id in (x, y)`, alone or ANDed with anything
 * (which only narrows). Null for anything else (an OR, another column, a subquery).
 */
function pinnedIds(node: unknown): string[] | null {
  const n = node as Node | undefined;
  switch (n?.kind) {
    case "ParensNode":
      return pinnedIds(n.node);
    case "AndNode":
      return pinnedIds(n.left) ?? pinnedIds(n.right);
    case "BinaryOperationNode": {
      if (columnName(n.leftOperand) !== "id") return null;
      const operator = (n.operator as { operator?: string } | undefined)?.operator;
      const right = n.rightOperand as Node;
      if (operator === "=" && right.kind === "ValueNode") return primitiveIds([right.value]);
      if (operator !== "in") return null;
      if (right.kind === "PrimitiveValueListNode") return primitiveIds(right.values as unknown[]);
      if (right.kind === "ValueListNode") {
        const values = (right.values as Node[]).map((v) => (v.kind === "ValueNode" ? v.value : undefined));
        return primitiveIds(values);
      }
      return null;
    }
    default:
      return null;
  }
}

function primitiveIds(values: readonly unknown[]): string[] | null {
  return values.every((v) => typeof v === "string" || typeof v === "number") ? values.map(String) : null;
}
