import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from './client';

/** Rows per delete, so no single statement holds many locks or runs long. */
const DELETE_BATCH = 5000;
/** Batches per pass: a backlog larger than this is finished by the next passes. */
const MAX_BATCHES = 20;

/**
 * Deletes the rows of `table` matching `where`, DELETE_BATCH at a time, skipping rows another
 * transaction holds, so any number of instances may run the same housekeeping at once. Returns
 * how many rows went.
 */
export async function deleteInBatches(db: Db, table: string, key: string, where: SQL): Promise<number> {
  const t = sql.identifier(table);
  const k = sql.identifier(key);
  let total = 0;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const result = await db.execute(sql`
      delete from ${t} where ${k} in (
        select ${k} from ${t} where ${where} limit ${DELETE_BATCH} for update skip locked)
      returning ${k}`);
    const deleted = rowsOf(result).length;
    total += deleted;
    if (deleted < DELETE_BATCH) break;
  }
  return total;
}
