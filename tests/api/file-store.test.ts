import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { asc, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FILE_PIECE_BYTES, insertFile, readFileBytes } from '#server/db/file-store';
import { filePieces, files } from '#server/db/schema';
import { startTestApp, type TestApp } from '../support/test-app';

// A stored upload is rows of pieces, so no statement carries (or copies) the whole file.
describe('file store', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());
  beforeEach(() => t.reset());

  const store = (data: Uint8Array) =>
    t.ctx.db.transaction((tx) =>
      insertFile(tx, {
        kind: 'test',
        filename: 'x.bin',
        mimeType: 'application/octet-stream',
        size: data.length,
        sha256: 'x',
        data,
      }),
    );

  it('keeps a file of many pieces byte for byte, no piece larger than the limit', async () => {
    const data = crypto.randomBytes(FILE_PIECE_BYTES * 9 + 12_345); // more than one read's worth of pieces
    const { id } = await store(data);
    const pieces = await t.ctx.db
      .select({ seq: filePieces.seq, size: sql<number>`length(${filePieces.data})` })
      .from(filePieces)
      .where(eq(filePieces.fileId, id))
      .orderBy(asc(filePieces.seq));
    expect(pieces.map((p) => p.seq)).toEqual([...Array(10).keys()]);
    expect(Math.max(...pieces.map((p) => Number(p.size)))).toBe(FILE_PIECE_BYTES);
    expect(Number(pieces.at(-1)!.size)).toBe(12_345);
    expect(Buffer.from((await readFileBytes(t.ctx.db, id))!).equals(data)).toBe(true);
  });

  it('keeps a file of exactly one piece, and an empty one', async () => {
    const one = crypto.randomBytes(FILE_PIECE_BYTES);
    const empty = new Uint8Array(0);
    const a = await store(one);
    const b = await store(empty);
    expect(Buffer.from((await readFileBytes(t.ctx.db, a.id))!).equals(one)).toBe(true);
    expect((await readFileBytes(t.ctx.db, b.id))!.length).toBe(0);
  });

  it('deleting a file deletes its pieces; a missing file reads as null', async () => {
    const { id } = await store(crypto.randomBytes(FILE_PIECE_BYTES + 1));
    await t.ctx.db.delete(files).where(eq(files.id, id));
    expect(await t.ctx.db.select().from(filePieces).where(eq(filePieces.fileId, id))).toEqual([]);
    expect(await readFileBytes(t.ctx.db, id)).toBeNull();
  });
});

describe('migration 0008 (file pieces)', () => {
  it('keeps the bytes of files stored before it', async () => {
    // A database at migration 0007, a file stored the old way, then the rest of the migrations.
    const folder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/server/db/migrations');
    const before = fs.mkdtempSync(path.join(os.tmpdir(), 'vbg-migrations-'));
    fs.cpSync(folder, before, { recursive: true });
    const journalPath = path.join(before, 'meta', '_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8'));
    journal.entries = journal.entries.filter((e: { idx: number }) => e.idx <= 7);
    fs.writeFileSync(journalPath, JSON.stringify(journal));

    const client = new PGlite();
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: before });
      const data = crypto.randomBytes(300_000);
      await client.query(
        `insert into files (kind, filename, mime_type, size, sha256, data) values ('back-catalogue-pdf', 'old.pdf', 'application/pdf', $1, 'x', $2)`,
        [data.length, data],
      );
      await migrate(db, { migrationsFolder: folder });
      const [{ id }] = (await client.query<{ id: number }>(`select id from files where filename = 'old.pdf'`)).rows;
      expect(
        Buffer.from((await readFileBytes(drizzle(client, { schema: { files, filePieces } }) as never, id))!).equals(
          data,
        ),
      ).toBe(true);
    } finally {
      await client.close();
      fs.rmSync(before, { recursive: true, force: true });
    }
  }, 120_000);
});
