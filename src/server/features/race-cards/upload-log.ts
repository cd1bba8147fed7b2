import type { AppContext } from '#server/context';
import type { DbOrTx, Tx } from '#server/db/client';
import { uploadLog } from '#server/db/schema';
import { HttpError } from '#server/http/errors';

/** Who sent an upload and, for a file, its name and bytes (known once the form is read). */
export interface UploadSender {
  userId: number | null;
  filename?: string;
  data?: Buffer;
}

/** What a successful upload's row says; `filename` and `size` replace the sender's when the stored file differs. */
export interface UploadOutcome {
  message: string;
  counts: Record<string, unknown>;
  filename?: string;
  size?: number;
}

/** One upload_log row: the sender's file name is cut to 200 characters, its size is its byte count. */
async function writeUploadRow(
  db: DbOrTx,
  kind: string,
  who: UploadSender,
  row: Partial<UploadOutcome> & { success: boolean; message: string },
) {
  const filename = row.filename ?? who.filename;
  await db.insert(uploadLog).values({
    kind,
    userId: who.userId,
    filename: filename ? filename.slice(0, 200) : null,
    size: row.size ?? who.data?.length ?? null,
    success: row.success,
    message: row.message,
    counts: row.counts ?? null,
  });
}

/**
 * Records a successful race-card upload or correction in upload_log, in the transaction that
 * wrote its changes (so the row exists exactly when the changes do).
 */
export async function logUpload(tx: Tx, kind: string, who: UploadSender, outcome: UploadOutcome) {
  await writeUploadRow(tx, kind, who, { success: true, ...outcome });
}

/**
 * Runs a race-card upload or correction request and records a refusal (an HttpError: a bad form,
 * a bad file, nothing to update) in upload_log with what was known of the upload when it failed;
 * the error is passed on. The cards are untouched by a refusal: every use case writes in one
 * transaction, after its checks, and writes its success row there with `logUpload`.
 */
export async function loggedUpload<T>(
  ctx: AppContext,
  kind: string,
  who: UploadSender,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof HttpError) await writeUploadRow(ctx.db, kind, who, { success: false, message: err.message });
    throw err;
  }
}

/** Up to `max` items joined for a message, then "and N more". */
export function listSome(items: string[], separator: string, max = 10): string {
  return items.slice(0, max).join(separator) + (items.length > max ? ` and ${items.length - max} more` : '');
}
