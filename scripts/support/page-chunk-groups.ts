/**
 * How the client build groups the members' pages' code into chunks (Rolldown's
 * `output.codeSplitting` groups, used by vite.config.ts).
 *
 * Left to itself the bundler makes one chunk per set of lazily loaded modules (pages, the gate,
 * parts loaded on demand) sharing some code: with thirty pages, dozens of chunks of a few hundred
 * bytes. A member's tips page preloaded about thirty of them, which a phone's slow network fetches
 * six at a time beside the page's HTML and style sheet.
 *
 * Rule: start from the bundler's own split, then merge chunks a members' page (MEMBERS_PAGES)
 * loads, each time the merge that saves those pages the most requests, for as long as no load
 * carries more unused code than its limit: none for the public pages whose script is budgeted,
 * WASTE_LIMIT for another page, ON_DEMAND_WASTE_LIMIT for a part a page loads when it is used (a
 * form, an editor). A load is a lazy module with everything it imports, the chunks its chunks import
 * included; a members' page is loaded with its gate. Two chunks are merged with every chunk on an
 * import path between them, so no chunk imports a chunk that imports it back.
 */

/** The client's entry module (its static imports are in the entry chunk, never in a group). */
const ENTRY = '/src/web/main.tsx';

/** The route table, whose lazy modules are the pages. */
const ROUTE_TABLE = '/src/web/app/route-table.tsx';

/** The gate of the members' pages, preloaded with each of them. */
const GATE = '/src/web/components/member-gate.tsx';

/** The members' pages whose chunks are merged. */
const MEMBERS_PAGES = ['/src/web/features/tips/tips-page.tsx', '/src/web/features/race-cards/race-cards-page.tsx'];

/** Public pages whose script is budgeted (tests/e2e/frontend-budget.test.ts): they take no unused code. */
const BUDGETED_PUBLIC_PAGES = [
  '/src/web/features/home/home-page.tsx',
  '/src/web/features/articles/news-and-views-page.tsx',
  '/src/web/features/articles/article-page.tsx',
  '/src/web/features/free-race/free-race-page.tsx',
];

/** Unused code (characters of the modules' code before minifying) one load may carry in all. */
const WASTE_LIMIT = 16_000;
const ON_DEMAND_WASTE_LIMIT = 40_000;

interface ModuleGraph {
  getModuleInfo(
    id: string,
  ): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[]; code: string | null } | null;
}

/**
 * The icon package's index re-exports every icon: a module importing three icons from it would
 * seem to reach them all. Through it, a module reaches the icons it names in its import only.
 */
const ICON_INDEX = /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;
const ICON_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g;
const ICON_EXPORT = /export\s*\{([^}]*)\}\s*from\s*["'](\.\/icons\/[\w-]+\.mjs)["']/g;

class Graph {
  private iconFiles = new Map<string, string>();
  constructor(private readonly graph: ModuleGraph) {}

  /** The modules `id` imports statically (through the icon index, only the icons it names). */
  imports(id: string): string[] {
    return (this.graph.getModuleInfo(id)?.importedIds ?? []).flatMap((next) =>
      ICON_INDEX.test(next) ? this.namedIcons(next, id) : [next],
    );
  }

  dynamicImports(id: string): readonly string[] {
    return this.graph.getModuleInfo(id)?.dynamicallyImportedIds ?? [];
  }

  size(id: string): number {
    return this.graph.getModuleInfo(id)?.code?.length ?? 0;
  }

  /** Every module `from` reaches through static imports, `from` included. */
  closure(from: string): Set<string> {
    const seen = new Set<string>();
    const stack = [from];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...this.imports(id));
    }
    return seen;
  }

  private namedIcons(index: string, importer: string): string[] {
    if (this.iconFiles.size === 0) {
      const dir = index.slice(0, index.lastIndexOf('/') + 1);
      for (const [, names, file] of this.graph.getModuleInfo(index)?.code?.matchAll(ICON_EXPORT) ?? [])
        for (const name of names.split(','))
          this.iconFiles.set(name.trim().replace(/^default\s+as\s+/, ''), dir + file.slice(2));
    }
    const icons: string[] = [];
    for (const [, names] of this.graph.getModuleInfo(importer)?.code?.matchAll(ICON_IMPORT) ?? [])
      for (const name of names.split(',')) {
        const file = this.iconFiles.get(name.trim().split(/\s+as\s+/)[0]);
        if (file) icons.push(file);
      }
    return icons;
  }
}

/** A set of modules that go in one chunk, and the loads that need it. */
interface Part {
  modules: string[];
  size: number;
  loads: Set<string>;
}

/** The chunk name of each module the rule merges (others are left to the bundler). */
function plan(root: string, moduleGraph: ModuleGraph): Map<string, string> {
  const graph = new Graph(moduleGraph);
  const inEntry = graph.closure(root + ENTRY);
  // Every lazily loaded module, found from the entry through static and dynamic imports.
  const lazy = new Set<string>();
  const seen = new Set<string>();
  const stack = [root + ENTRY];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const d of graph.dynamicImports(id)) lazy.add(d);
    stack.push(...graph.imports(id), ...graph.dynamicImports(id));
  }
  const members = new Set(MEMBERS_PAGES.map((p) => root + p));
  const budgeted = new Set(BUDGETED_PUBLIC_PAGES.map((p) => root + p));
  // What each load brings beyond the entry.
  const loads = new Map<string, Set<string>>();
  for (const id of lazy) loads.set(id, new Set([...graph.closure(id)].filter((m) => !inEntry.has(m))));
  const gate = loads.get(root + GATE) ?? new Set<string>();
  for (const page of members) loads.set(page, new Set([...(loads.get(page) ?? []), ...gate]));

  // The bundler's split: modules needed by the same loads.
  const parts = new Map<string, Part>();
  const loadsOf = new Map<string, string[]>();
  for (const [load, modules] of loads) for (const m of modules) loadsOf.set(m, [...(loadsOf.get(m) ?? []), load]);
  for (const [m, ls] of loadsOf) {
    const key = ls.sort().join('\n');
    const part = parts.get(key) ?? { modules: [], size: 0, loads: new Set(ls) };
    part.modules.push(m);
    part.size += graph.size(m);
    parts.set(key, part);
  }

  // Pages and what the entry loads itself count in full; parts a page loads on demand (a form, an
  // editor) may carry more.
  const pages = new Set([...graph.dynamicImports(root + ROUTE_TABLE), ...graph.dynamicImports(root + ENTRY)]);
  const waste = new Map<string, number>();
  const limit = (load: string) => (budgeted.has(load) ? 0 : pages.has(load) ? WASTE_LIMIT : ON_DEMAND_WASTE_LIMIT);
  /** The unused code each load would gain from merging a and b, or null past a limit. */
  // Which parts each part imports. A load of a part loads what it imports too, so merging two
  // parts makes each load of one also load the other and all the other imports.
  const partOf = new Map<string, Part>();
  for (const part of parts.values()) for (const m of part.modules) partOf.set(m, part);
  const edges = new Map<Part, Set<Part>>();
  for (const part of parts.values())
    edges.set(part, new Set(part.modules.flatMap((m) => graph.imports(m).flatMap((i) => partOf.get(i) ?? []))));
  edges.forEach((targets, part) => targets.delete(part));
  const reach = (from: Part) => {
    const seen = new Set<Part>();
    const stack = [...edges.get(from)!];
    while (stack.length > 0) {
      const p = stack.pop()!;
      if (seen.has(p)) continue;
      seen.add(p);
      stack.push(...edges.get(p)!);
    }
    return seen;
  };

  /** The parts on a path from `from` to `to`, both included; empty if there is none. */
  const path = (from: Part, to: Part): Part[] => {
    const fromFrom = reach(from);
    if (!fromFrom.has(to)) return [];
    return [from, to, ...[...fromFrom].filter((p) => p !== to && reach(p).has(to))];
  };

  /**
   * Merging a and b, with every part on an import path between them (a chunk importing a chunk
   * that imports it back would run its modules out of order): the unused code each load gains and
   * the requests it saves; null past a limit or when it saves a members' page no request.
   */
  const merge = (a: Part, b: Part) => {
    const group = new Set([a, b, ...path(a, b), ...path(b, a)]);
    const loads = new Set([...group].flatMap((p) => [...p.loads]));
    const added = new Map<string, number>();
    const grown: Array<[Part, string[]]> = [];
    for (const part of new Set([...group, ...[...group].flatMap((p) => [...reach(p)])])) {
      const gained = [...loads].filter((l) => !part.loads.has(l));
      if (gained.length === 0) continue;
      grown.push([part, gained]);
      for (const l of gained) added.set(l, (added.get(l) ?? 0) + part.size);
    }
    for (const [l, n] of added) if ((waste.get(l) ?? 0) + n > limit(l)) return null;
    let saved = 0;
    for (const l of loads) {
      const requests = [...group].filter((p) => p.loads.has(l)).length - 1;
      saved += requests * (members.has(l) ? 1000 : pages.has(l) ? 1 : 0);
    }
    if (saved < 1000) return null;
    return { group, added, grown, saved, worst: Math.max(0, ...added.values()) };
  };

  let candidates = [...parts.values()].filter((p) => [...p.loads].some((l) => members.has(l)));
  for (;;) {
    let best: NonNullable<ReturnType<typeof merge>> | null = null;
    for (let i = 0; i < candidates.length; i++)
      for (let j = i + 1; j < candidates.length; j++) {
        const plan = merge(candidates[i], candidates[j]);
        if (plan && (!best || plan.saved > best.saved || (plan.saved === best.saved && plan.worst < best.worst)))
          best = plan;
      }
    if (!best) break;
    for (const [l, n] of best.added) waste.set(l, (waste.get(l) ?? 0) + n);
    for (const [part, gained] of best.grown) for (const l of gained) part.loads.add(l);
    const group = [...best.group];
    const merged: Part = {
      modules: group.flatMap((p) => p.modules),
      size: group.reduce((n, p) => n + p.size, 0),
      loads: new Set(group.flatMap((p) => [...p.loads])),
    };
    for (const m of merged.modules) partOf.set(m, merged);
    const targets = new Set(group.flatMap((p) => [...edges.get(p)!]));
    for (const p of group) {
      targets.delete(p);
      edges.delete(p);
    }
    edges.set(merged, targets);
    for (const t of edges.values())
      if (group.some((p) => t.delete(p))) {
        for (const p of group) t.delete(p);
        t.add(merged);
      }
    candidates = [...candidates.filter((p) => !best.group.has(p)), merged];
  }

  // Each merged chunk is named after its largest module.
  const names = new Map<string, string>();
  for (const part of candidates) {
    const largest = part.modules.reduce((a, b) => (graph.size(b) > graph.size(a) ? b : a));
    const name = largest.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '');
    for (const m of part.modules) names.set(m, name);
  }
  return names;
}

/**
 * A `codeSplitting.groups` name function: the chunk a module goes in, or null to leave it to the
 * bundler. `root` is the repository's directory.
 */
export function pageChunkName(root: string) {
  let names: Map<string, string> | null = null;
  return (moduleId: string, graph: ModuleGraph): string | null => {
    names ??= plan(root, graph);
    return names.get(moduleId) ?? null;
  };
}
