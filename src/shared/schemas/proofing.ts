/** A time-stamp's state: pending (retried until stamped), stamped, superseded by a later head of its day, or failed. */
export const STAMP_STATUSES = ['pending', 'stamped', 'superseded', 'failed'] as const;

/** `GET /api/admin/proofing/status`: the time-stamps of one London day, each told in a line or two. */
export interface ProofingStatus {
  date: string;
  /** The time-stamp authority's address, or null when none is configured. */
  tsa: string | null;
  /** Why nothing is stamped at all (no authority configured), else null. */
  message: string | null;
  stamps: {
    receipts: number;
    root: string;
    status: (typeof STAMP_STATUSES)[number];
    lines: string[];
  }[];
}
