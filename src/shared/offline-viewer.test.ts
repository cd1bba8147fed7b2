import { describe, expect, it } from 'vitest';
import { readViewerHeader, writeViewerHeader } from './offline-viewer';

describe('the viewer header', () => {
  it('reads back what it writes, and nothing else', () => {
    for (const viewer of [
      { kind: 'visitor' } as const,
      { kind: 'member', session: 'abcDEF123_-xyz' } as const,
      { kind: 'account', session: 'abcDEF123_-xyz' } as const,
    ])
      expect(readViewerHeader(writeViewerHeader(viewer))).toEqual(viewer);
    expect(readViewerHeader(null)).toBeNull();
    expect(readViewerHeader('member')).toBeNull();
    expect(readViewerHeader('member; session=a b')).toBeNull();
    expect(readViewerHeader('admin; session=abcdefghij')).toBeNull();
  });
});
