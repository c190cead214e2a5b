// Bulk loading: maintaining a dozen indexes row by row (a trigram GIN among them) costs more than
// building them once over the loaded rows. The seed drops the secondary indexes of the tables it
// fills and rebuilds them from their own definitions before committing. Primary keys and unique
// constraints stay (foreign keys rely on them); unique indexes come back and re-check uniqueness.
// All of it happens inside the seed's transaction: a failure restores every index.
import type pg from 'pg';

interface IndexDefinition {
  name: string;
  definition: string;
}

/** Drops the secondary indexes of `tables`; the answer rebuilds them. */
export async function suspendIndexes(client: pg.ClientBase, tables: readonly string[]): Promise<() => Promise<void>> {
  const { rows } = await client.query<IndexDefinition>(
    `SELECT ci.relname AS name, pg_get_indexdef(ix.indexrelid) AS definition
     FROM pg_index ix
     JOIN pg_class ci ON ci.oid = ix.indexrelid
     JOIN pg_class ct ON ct.oid = ix.indrelid
     JOIN pg_namespace ns ON ns.oid = ct.relnamespace
     WHERE ns.nspname = current_schema() AND ct.relname = ANY($1)
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = ix.indexrelid)
     ORDER BY ct.relname, ci.relname`,
    [tables],
  );
  for (const index of rows) await client.query(`DROP INDEX "${index.name.replace(/"/g, '""')}"`);
  return async () => {
    // more memory for sorting makes index builds several times faster; LOCAL ends with the transaction
    await client.query(`SET LOCAL maintenance_work_mem = '256MB'`);
    for (const index of rows) await client.query(index.definition);
  };
}
