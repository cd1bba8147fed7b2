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
    status: 'pending' | 'stamped' | 'superseded' | 'failed';
    lines: string[];
  }[];
}
