import type { AppContext } from '#server/context';
import { uploadLog } from '#server/db/schema';

/** What is known of a refused upload: who sent it and, for a file, its name and size. */
export interface RefusedUpload {
  userId: number | null;
  filename?: string;
  data?: Buffer;
}

/**
 * Records a refused race-card upload or correction in upload_log (the cards themselves are
 * untouched: every use case writes in one transaction, after its checks).
 */
export async function logRefusedUpload(ctx: AppContext, kind: string, upload: RefusedUpload, message: string) {
  await ctx.db.insert(uploadLog).values({
    kind,
    userId: upload.userId,
    filename: upload.filename ? upload.filename.slice(0, 200) : null,
    size: upload.data?.length ?? null,
    success: false,
    message,
  });
}

/** Up to `max` items joined for a message, then "and N more". */
export function listSome(items: string[], separator: string, max = 10): string {
  return items.slice(0, max).join(separator) + (items.length > max ? ` and ${items.length - max} more` : '');
}
