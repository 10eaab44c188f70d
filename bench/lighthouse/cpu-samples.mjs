// The V8 CPU samples of a Chrome trace (category disabled-by-default-v8.cpu_profiler), each with the
// function it was in, resolved through the production build's source maps when there are any
// (`KASA_SOURCE_MAPS=1 npm run build` writes them beside the scripts, unreferenced). Used by
// tasks.mjs --functions to say which code a long task ran.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { repoRoot } from '../support/kasa-server.mjs';

/** Every sample of one thread's profile: `{ ts, frame }`, ts on the trace's clock (µs). */
export function samplesOf(events, { pid, tid }) {
  const samples = [];
  const nodes = new Map();
  const chunks = events.filter((e) => e.name === 'ProfileChunk' && e.pid === pid);
  const profiles = new Map(
    events.filter((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid).map((e) => [e.id, e]),
  );
  const clocks = new Map([...profiles].map(([id, e]) => [id, e.args.data.startTime]));
  for (const chunk of chunks) {
    if (!profiles.has(chunk.id)) continue;
    const { cpuProfile, timeDeltas = [] } = chunk.args.data;
    for (const node of cpuProfile?.nodes ?? []) nodes.set(`${chunk.id}:${node.id}`, node.callFrame);
    let ts = clocks.get(chunk.id);
    (cpuProfile?.samples ?? []).forEach((id, i) => {
      ts += timeDeltas[i] ?? 0;
      samples.push({ ts, key: `${chunk.id}:${id}` });
    });
    clocks.set(chunk.id, ts);
  }
  return samples
    .sort((a, b) => a.ts - b.ts)
    .map((s, i, all) => ({
      ts: s.ts,
      ms: ((all[i + 1]?.ts ?? s.ts) - s.ts) / 1000,
      frame: nodes.get(s.key),
    }));
}

const maps = new Map();

/** The build's file for a script URL of the page, or undefined (an inline script, a blob). */
function distFile(url) {
  let path;
  try {
    path = new URL(url).pathname;
  } catch {
    return undefined;
  }
  const remote = /^\/remotes\/([a-z]+)\/(.+)$/.exec(path);
  return remote
    ? join(repoRoot, `mfe-${remote[1]}`, 'dist', remote[2])
    : join(repoRoot, 'frontend-shell/dist', path);
}

/** Where a frame's code comes from: a package (node_modules/<name>) or a source file, and the function. */
export function describeFrame(frame) {
  if (!frame || !frame.url)
    return { origin: `(${frame?.functionName || 'program'})`, fn: frame?.functionName || '(program)' };
  const file = distFile(frame.url);
  const mapFile = file && `${file}.map`;
  if (mapFile && !maps.has(mapFile))
    maps.set(mapFile, existsSync(mapFile) ? new TraceMap(readFileSync(mapFile, 'utf8')) : null);
  const map = mapFile && maps.get(mapFile);
  const short = frame.url.replace(/^https?:\/\/[^/]+/, '').replace(/\.[0-9a-f]{10}\.js$/, '.js');
  if (!map)
    return { origin: short, fn: `${frame.functionName || '(anonymous)'} ${short}:${frame.lineNumber + 1}` };
  const at = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
  const source = (at.source ?? short).replace(/^webpack:\/\/[^/]*\//, '').replace(/^(\.\.\/)+/, '');
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  return {
    origin: pkg ? pkg[1] : source,
    fn: `${at.name ?? frame.functionName ?? '(anonymous)'} ${source.replace(/^.*node_modules\//, '')}:${at.line}`,
  };
}
