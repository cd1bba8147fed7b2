import fs from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { z } from 'zod';

/** Seconds each long test file took, by project, in a recorded run (scripts/support/record-test-durations.mjs). */
const RECORD = path.resolve(import.meta.dirname, '../file-durations.json');

const Durations = z.record(z.string(), z.record(z.string(), z.number()));

/** The committed record; none (every file unknown) without the file, an error when it is malformed. */
export function recordedDurations(): z.infer<typeof Durations> {
  if (!fs.existsSync(RECORD)) return {};
  const parsed = Durations.safeParse(JSON.parse(fs.readFileSync(RECORD, 'utf8')));
  if (!parsed.success) throw new Error(`${RECORD} is not { project: { file: seconds } }: ${parsed.error.message}`);
  return parsed.data;
}

interface Spec {
  project: { name: string };
}

/**
 * Vitest's order with, within each project (projects keep their places, which follow their group
 * order), the files of longer recorded seconds first; ties and unrecorded files keep Vitest's order.
 */
export function longestFirst<T extends Spec>(ordered: T[], secondsOf: (spec: T) => number): T[] {
  const projectPlace = new Map<string, number>();
  for (const spec of ordered)
    if (!projectPlace.has(spec.project.name)) projectPlace.set(spec.project.name, projectPlace.size);
  const keyed = ordered.map((spec, place) => ({
    spec,
    place,
    project: projectPlace.get(spec.project.name) ?? 0,
    seconds: secondsOf(spec),
  }));
  keyed.sort((a, b) => a.project - b.project || b.seconds - a.seconds || a.place - b.place);
  return keyed.map((k) => k.spec);
}

/**
 * Starts the longest files first, so a run does not end with one worker on a long file while the
 * others stand idle. Vitest does this by itself from its record of this machine's last run; a fresh
 * clone has none, and Vitest's order by size put the accessibility passes (small files, half a
 * minute each) last. Then the committed record, tests/file-durations.json, gives the order.
 */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    if (ordered.every((spec) => this.ctx.cache.getTestSpecificationResult(spec))) return ordered;
    const record = recordedDurations();
    return longestFirst(
      ordered,
      (spec) => record[spec.project.name]?.[path.relative(this.ctx.config.root, spec.moduleId)] ?? 0,
    );
  }
}
