/**
 * A strict reader of the Prometheus text exposition format (version 0.0.4), for tests: every line
 * must be a HELP, a TYPE, another comment, blank, or a sample of a family declared by its TYPE
 * line before it, with valid names, quoted and escaped label values and a float value. Anything
 * else throws, naming the line. (The npm parsers of the format are unmaintained; Prometheus's own
 * parser is exercised by the scrape test with Debian's prometheus and promtool.)
 */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}
export interface Family {
  name: string;
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';
  help: string;
  samples: Sample[];
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set<Family['type']>(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
/** The sample names a family of a type may have besides its own name. */
const SUFFIXES: Record<Family['type'], string[]> = {
  counter: [],
  gauge: [],
  untyped: [],
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['_sum', '_count'],
};

function parseValue(text: string, line: string): number {
  // As Prometheus reads them (Go's ParseFloat): Inf and NaN in any case; prom-client writes "Nan".
  if (/^\+?inf(inity)?$/i.test(text)) return Infinity;
  if (/^-inf(inity)?$/i.test(text)) return -Infinity;
  if (/^nan$/i.test(text)) return NaN;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) throw new Error(`bad value ${text} in: ${line}`);
  return Number(text);
}

/** Reads `{a="x",b="y\"z"}` from the start of `text`; returns the labels and what follows. */
function parseLabels(text: string, line: string): { labels: Record<string, string>; rest: string } {
  const labels: Record<string, string> = {};
  let i = 1;
  for (;;) {
    if (text[i] === '}') return { labels, rest: text.slice(i + 1) };
    const eq = text.indexOf('="', i);
    if (eq < 0) throw new Error(`bad labels in: ${line}`);
    const name = text.slice(i, eq);
    if (!LABEL_NAME.test(name) || name in labels) throw new Error(`bad label name ${name} in: ${line}`);
    let value = '';
    let j = eq + 2;
    for (; j < text.length && text[j] !== '"'; j++) {
      if (text[j] === '\\') {
        const next = text[++j];
        if (next === 'n') value += '\n';
        else if (next === '\\' || next === '"') value += next;
        else throw new Error(`bad escape in: ${line}`);
      } else value += text[j];
    }
    if (j >= text.length) throw new Error(`unterminated label value in: ${line}`);
    labels[name] = value;
    i = j + 1;
    if (text[i] === ',') i++;
    else if (text[i] !== '}') throw new Error(`bad labels in: ${line}`);
  }
}

export function parsePrometheusText(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  if (!text.endsWith('\n')) throw new Error('the exposition must end with a line feed');
  for (const line of text.slice(0, -1).split('\n')) {
    if (line.trim() === '') continue;
    const comment = /^#\s*(HELP|TYPE)\s+(\S+)(?:\s(.*))?$/.exec(line);
    if (comment) {
      const [, kind, name, rest = ''] = comment;
      if (!METRIC_NAME.test(name)) throw new Error(`bad metric name in: ${line}`);
      const family = families.get(name) ?? { name, type: 'untyped', help: '', samples: [] };
      if (kind === 'TYPE') {
        if (!TYPES.has(rest as Family['type'])) throw new Error(`bad type in: ${line}`);
        if (family.samples.length) throw new Error(`TYPE after samples in: ${line}`);
        family.type = rest as Family['type'];
      } else family.help = rest;
      families.set(name, family);
      continue;
    }
    if (line.startsWith('#')) continue;
    const nameEnd = line.search(/[{ ]/);
    if (nameEnd <= 0) throw new Error(`bad sample: ${line}`);
    const name = line.slice(0, nameEnd);
    if (!METRIC_NAME.test(name)) throw new Error(`bad metric name in: ${line}`);
    let rest = line.slice(nameEnd);
    let labels: Record<string, string> = {};
    if (rest.startsWith('{')) ({ labels, rest } = parseLabels(rest, line));
    const parts = rest.trim().split(/\s+/);
    if (!rest.startsWith(' ') || parts.length < 1 || parts.length > 2) throw new Error(`bad sample: ${line}`);
    if (parts[1] !== undefined && !/^-?\d+$/.test(parts[1])) throw new Error(`bad timestamp in: ${line}`);
    const family = [...families.values()].find(
      (f) => name === f.name || SUFFIXES[f.type].some((suffix) => name === f.name + suffix),
    );
    if (!family) throw new Error(`sample of an undeclared family: ${line}`);
    if (family.type === 'histogram' && name.endsWith('_bucket') && labels.le === undefined)
      throw new Error(`bucket without le: ${line}`);
    family.samples.push({ name, labels, value: parseValue(parts[0], line) });
  }
  return families;
}

/** The one sample of `name` whose labels include `labels`; throws when there is none or several. */
export function sampleValue(families: Map<string, Family>, name: string, labels: Record<string, string> = {}): number {
  const found = [...families.values()]
    .flatMap((f) => f.samples)
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length !== 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  return found[0].value;
}
