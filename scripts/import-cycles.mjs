// Lists the cycles of the import graph (type-only imports included) between the server's modules and
// the files outside them, and between the web app's features and shared layers. Exits 1 if any.
// Each folder under modules/ (server) or features/ (web) counts as one node; every other file is its own.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOTS = [
  { src: 'apps/server/src', group: /^modules\/[^/]+|^features\/[^/]+/ },
  { src: 'apps/web/src', group: /^features\/[^/]+/, alias: '@/' },
];

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'test' ? [] : files(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

function resolve(from, spec, root) {
  let target;
  if (root.alias && spec.startsWith(root.alias)) target = path.join(root.src, spec.slice(root.alias.length));
  else if (spec.startsWith('.')) target = path.join(path.dirname(from), spec);
  else return null;
  target = target.replace(/\.js$/, '');
  for (const candidate of [
    `${target}.ts`,
    `${target}.tsx`,
    path.join(target, 'index.ts'),
    path.join(target, 'index.tsx'),
  ]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

let cycles = 0;
for (const root of ROOTS) {
  const node = (file) => {
    const rel = path.relative(root.src, file);
    return rel.match(root.group)?.[0] ?? rel.replace(/\.tsx?$/, '');
  };
  const edges = new Map();
  for (const file of files(root.src)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(
      /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g,
    )) {
      const target = resolve(file, match[1] ?? match[2], root);
      if (!target) continue;
      const [a, b] = [node(file), node(target)];
      if (a === b) continue;
      if (!edges.has(a)) edges.set(a, new Set());
      edges.get(a).add(b);
    }
  }
  // Tarjan's strongly connected components: every component of more than one node holds a cycle.
  let index = 0;
  const indices = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  const visit = (v) => {
    indices.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), indices.get(w)));
    }
    if (low.get(v) === indices.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) components.push(component);
    }
  };
  for (const v of edges.keys()) if (!indices.has(v)) visit(v);
  for (const component of components) {
    const members = new Set(component);
    const inside = component.flatMap((a) =>
      [...(edges.get(a) ?? [])].filter((b) => members.has(b)).map((b) => `${a} -> ${b}`),
    );
    console.log(`${root.src}: a cycle through ${component.sort().join(', ')}\n  ${inside.join('\n  ')}`);
  }
  cycles += components.length;
}
console.log(`${cycles} import cycle${cycles === 1 ? '' : 's'}`);
process.exit(cycles > 0 ? 1 : 0);
