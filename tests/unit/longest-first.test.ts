import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { longestFirst, recordedDurations } from '../support/longest-first';

const spec = (project: string, file: string) => ({ project: { name: project }, file });

describe('the test files’ order on a fresh clone', () => {
  it('puts the longer recorded files first within each project, and keeps the projects’ order', () => {
    const seconds: Record<string, number> = { 'a11y-member': 28, 'race-day-app': 58, 'startup-pg': 49 };
    const ordered = [
      spec('e2e', 'race-cards'),
      spec('e2e', 'race-day-app'),
      spec('e2e', 'no-javascript'),
      spec('e2e', 'a11y-member'),
      spec('api-pg', 'session-touches'),
      spec('api-pg', 'startup-pg'),
    ];
    const sorted = longestFirst(ordered, (s) => seconds[s.file] ?? 0);
    expect(sorted.map((s) => s.file)).toEqual([
      'race-day-app',
      'a11y-member',
      'race-cards', // unrecorded files keep Vitest's order, after the recorded ones
      'no-javascript',
      'startup-pg', // a later project stays later, however long its files
      'session-touches',
    ]);
  });

  it('the committed record reads, and names only test files that exist', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const record = recordedDurations();
    const missing = Object.values(record)
      .flatMap((files) => Object.keys(files))
      .filter((file) => !fs.existsSync(path.join(root, file)));
    expect(missing).toEqual([]);
  });
});
