// Multi-row inserts through unnest(): one statement and one parameter per column carries thousands
// of rows, which is what makes seeding fast on PostgreSQL and bearable on the embedded PGlite (one
// statement at a time over a socket). Rows are buffered column by column and flushed in table
// order, parents before children, so foreign keys hold at every statement.
import type pg from 'pg';

/** [column, PostgreSQL type]; 'text[]' columns take JS string arrays */
export type ColumnSpec = readonly [string, string];

export interface TableSpec {
  table: string;
  columns: readonly ColumnSpec[];
}

/** A PostgreSQL array literal for one text[] value: {"a","b \"c\""} */
function formatTextArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

class TableBuffer {
  columns: unknown[][];
  rows = 0;
  total = 0;
  readonly sql: string;
  private readonly arrayColumns: boolean[];

  readonly spec: TableSpec;

  constructor(spec: TableSpec) {
    this.spec = spec;
    this.columns = spec.columns.map(() => []);
    this.arrayColumns = spec.columns.map(([, type]) => type === 'text[]');
    const names = spec.columns.map(([name]) => name).join(', ');
    // a text[] column travels as text (one array literal per row): unnest would flatten a 2-D array
    const params = spec.columns.map(([, type], i) => `$${i + 1}::${type === 'text[]' ? 'text' : type}[]`).join(', ');
    const selects = spec.columns.map(([, type], i) => (type === 'text[]' ? `c${i}::text[]` : `c${i}`)).join(', ');
    const aliases = spec.columns.map((_, i) => `c${i}`).join(', ');
    this.sql = `INSERT INTO ${spec.table} (${names}) SELECT ${selects} FROM unnest(${params}) AS u(${aliases})`;
  }

  add(values: readonly unknown[]): void {
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      this.columns[i].push(this.arrayColumns[i] && Array.isArray(v) ? formatTextArray(v) : v);
    }
    this.rows++;
  }

  /** hands over the buffered rows (and starts a new buffer) */
  take(): unknown[][] | null {
    if (this.rows === 0) return null;
    const columns = this.columns;
    this.total += this.rows;
    this.rows = 0;
    this.columns = this.spec.columns.map(() => []);
    return columns;
  }
}

/** Buffers rows for several tables and writes them in batches of about `batchSize` rows. */
export class RowWriter {
  private readonly buffers = new Map<string, TableBuffer>();
  private readonly client: pg.ClientBase;
  private readonly batchSize: number;

  constructor(client: pg.ClientBase, batchSize: number) {
    this.client = client;
    this.batchSize = batchSize;
  }

  /** Registers tables in dependency order (parents first). */
  register(...specs: TableSpec[]): this {
    for (const spec of specs) this.buffers.set(spec.table, new TableBuffer(spec));
    return this;
  }

  add(table: string, values: readonly unknown[]): void {
    const buffer = this.buffers.get(table);
    if (!buffer) throw new Error(`Table ${table} is not registered with the row writer`);
    buffer.add(values);
  }

  /** Writes every buffer once one of them holds a full batch (call between records). */
  async flushIfFull(): Promise<void> {
    for (const b of this.buffers.values()) {
      if (b.rows >= this.batchSize) return this.flushAll();
    }
  }

  /** Writes everything buffered, parents first. */
  async flushAll(): Promise<void> {
    for (const b of this.buffers.values()) {
      const columns = b.take();
      if (columns) await this.client.query(b.sql, columns);
    }
  }

  /** rows written or buffered so far, by table */
  counts(): Record<string, number> {
    return Object.fromEntries([...this.buffers].map(([t, b]) => [t, b.total + b.rows]));
  }
}
