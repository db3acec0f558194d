import type { CompiledQuery, DatabaseConnection, Dialect, Driver, OperationNode, TransactionSettings } from "kysely";

/** Every table a write may have touched; unknown statements (DDL, unreadable raw SQL) report this. */
export const ANY_TABLE = "*";

export type WriteListener = (tables: ReadonlySet<string>) => void;

/**
 * Wraps a Kysely dialect so that, once a write is committed (after the transaction's COMMIT, or
 * at once outside a transaction), the listener hears which tables it wrote. Rolled-back writes
 * are never reported. Caches of rendered pages rely on this: a change becomes visible to readers
 * only at commit, so that is when a cached copy stops being true.
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
  /** Tables written by each connection's open transaction, not yet committed. */
  readonly #pending = new WeakMap<DatabaseConnection, Set<string> | null>();

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
    const tables = writtenTables(query);
    if (tables.length > 0) {
      const pending = this.#pending.get(connection);
      if (pending) for (const t of tables) pending.add(t);
      else this.#listener(new Set(tables));
    }
    return result;
  }

  #unwrap(connection: DatabaseConnection): DatabaseConnection {
    return this.#inners.get(connection) ?? connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const inner = this.#unwrap(connection);
    await this.#inner.beginTransaction(inner, settings);
    this.#pending.set(inner, new Set());
  }

  async commitTransaction(connection: DatabaseConnection) {
    const inner = this.#unwrap(connection);
    await this.#inner.commitTransaction(inner);
    const written = this.#pending.get(inner);
    this.#pending.set(inner, null);
    if (written && written.size > 0) this.#listener(written);
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

const READS = /^\s*(?:select|pragma|explain|begin|commit|rollback|savepoint|release|show|set|listen|unlisten|notify)\b/i;
const RAW_WRITE = /^\s*(?:insert(?:\s+or\s+\w+)?\s+into|replace\s+into|update(?:\s+or\s+\w+)?|delete\s+from)\s+(?:only\s+)?"?([\w.]+?)"?(?:\s|\(|$)/i;

/** The tables a statement writes: none for a read, ANY_TABLE when it cannot tell. */
export function writtenTables(query: CompiledQuery): string[] {
  const node = query.query as OperationNode & Record<string, unknown>;
  if (node.kind === "RawNode") return rawWrittenTables(query.sql);
  return nodeWrittenTables(node);
}

/** A builder query's tables, its WITH clause's data-modifying queries included. */
function nodeWrittenTables(node: OperationNode & Record<string, unknown>): string[] {
  const ctes = ((node.with as { expressions?: { expression?: OperationNode }[] } | undefined)?.expressions ?? []).flatMap((cte) =>
    cte.expression ? nodeWrittenTables(cte.expression as OperationNode & Record<string, unknown>) : [],
  );
  switch (node.kind) {
    case "SelectQueryNode":
      return ctes;
    case "InsertQueryNode":
      return [...ctes, ...tableNames(node.into)];
    case "UpdateQueryNode":
      return [...ctes, ...tableNames(node.table)];
    case "DeleteQueryNode":
      return [...ctes, ...tableNames((node.from as { froms?: unknown[] } | undefined)?.froms)];
    default:
      return [ANY_TABLE];
  }
}

function rawWrittenTables(text: string): string[] {
  // Raw `sql` may be a WITH … SELECT; a WITH that writes shows an insert/update/delete keyword.
  if (READS.test(text) || (/^\s*with\b/i.test(text) && !/\b(?:insert|update|delete)\b/i.test(text))) return [];
  const m = RAW_WRITE.exec(text);
  return [m?.[1] ? m[1].split(".").pop()! : ANY_TABLE];
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
