import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from './client';
import { nextTurn } from './next-turn';
import { filePieces, files } from './schema';

/**
 * Bytes per piece, and so per statement. Embedded PGlite runs each statement on the server's own
 * thread: one 10 MB file in one INSERT held the thread for over two seconds, and appending pieces
 * to one bytea copied the growing value every time (up to 400 ms a statement near the end). Rows
 * of 128 KB, each written in its own statement with a turn for waiting requests between them, cost
 * the same every time (bench/upload-responsiveness.ts). On PostgreSQL they cost a few round trips.
 *
 * The bytes travel as base64 text, decoded and encoded by the database: PGlite turns a binary
 * parameter or result into hex text and back in JavaScript, 20 times slower than Node's native
 * base64 (128 KB: 205 ms against 9 ms on a loaded machine).
 */
export const FILE_PIECE_BYTES = 128 * 1024;

/** Pieces read per statement: 512 KB, then a turn for waiting requests. */
const PIECES_PER_READ = 4;

type NewFile = Omit<typeof files.$inferInsert, 'id' | 'createdAt'> & { data: Uint8Array };

/** Stores one uploaded file inside the caller's transaction and returns its id. */
export async function insertFile(tx: Tx, file: NewFile): Promise<{ id: number }> {
  const { data, ...meta } = file;
  const [row] = await tx.insert(files).values(meta).returning({ id: files.id });
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  for (let seq = 0, at = 0; at < data.length || seq === 0; seq++, at += FILE_PIECE_BYTES) {
    if (seq > 0) await nextTurn();
    const base64 = bytes.subarray(at, at + FILE_PIECE_BYTES).toString('base64');
    await tx.insert(filePieces).values({ fileId: row.id, seq, data: sql`decode(${base64}, 'base64')` });
  }
  return row;
}

/** A stored file's bytes, read a few pieces at a time (see FILE_PIECE_BYTES); null when it is gone. */
export async function readFileBytes(db: DbOrTx, fileId: number): Promise<Uint8Array | null> {
  const pieces: Uint8Array[] = [];
  for (let from = 0; ; from += PIECES_PER_READ) {
    if (from > 0) await nextTurn();
    const rows = await db
      .select({ base64: sql<string>`encode(${filePieces.data}, 'base64')` })
      .from(filePieces)
      .where(and(eq(filePieces.fileId, fileId), gte(filePieces.seq, from), lt(filePieces.seq, from + PIECES_PER_READ)))
      .orderBy(asc(filePieces.seq));
    for (const r of rows) pieces.push(Buffer.from(r.base64, 'base64')); // PostgreSQL's line breaks are skipped
    if (rows.length < PIECES_PER_READ) break;
  }
  if (pieces.length === 0) return null;
  return new Uint8Array(pieces.length === 1 ? pieces[0] : Buffer.concat(pieces));
}
