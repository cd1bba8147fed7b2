import { eq, sql } from 'drizzle-orm';
import type { Tx } from './client';
import { files } from './schema';

/**
 * Bytes per statement. Embedded PGlite runs each statement on the server's own thread, and reads a
 * bytea parameter at about 4 MB/s there: one 10 MB file in one INSERT held the thread for over
 * two seconds (bench/upload-responsiveness.ts). In pieces, with a turn for waiting requests between
 * them, no statement holds it for long. On PostgreSQL the pieces cost a few round trips.
 */
const FILE_PIECE_BYTES = 256 * 1024;

type NewFile = Omit<typeof files.$inferInsert, 'id' | 'createdAt'> & { data: Uint8Array };

/** Stores one uploaded file inside the caller's transaction and returns its id. */
export async function insertFile(tx: Tx, file: NewFile): Promise<{ id: number }> {
  const { data } = file;
  const [row] = await tx
    .insert(files)
    .values({ ...file, data: data.subarray(0, FILE_PIECE_BYTES) })
    .returning({ id: files.id });
  for (let at = FILE_PIECE_BYTES; at < data.length; at += FILE_PIECE_BYTES) {
    await new Promise((resolve) => setImmediate(resolve));
    const piece = data.subarray(at, at + FILE_PIECE_BYTES);
    await tx.update(files).set({ data: sql`${files.data} || ${piece}` }).where(eq(files.id, row.id));
  }
  return row;
}
