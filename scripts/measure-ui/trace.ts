// Reading what Chromium recorded: each main-thread task's wall and thread CPU time from a trace
// (--trace), and where a phase's script time goes from a CPU profile (--profile).

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

export function mainThreadTasks(buffer: Buffer): { wall: number; cpu: number }[] {
  const parsed = JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const mains = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  return events
    .filter(
      (e) =>
        /RunTask$/.test(e.name) &&
        e.ph === 'X' &&
        mains.has(`${e.pid}:${e.tid}`) &&
        (e.dur ?? 0) > 50_000,
    )
    .map((e) => ({ wall: (e.dur ?? 0) / 1000, cpu: (e.tdur ?? 0) / 1000 }));
}

// ---- CPU profile: where the phase's script time goes -----------------------------------------

export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
    children?: number[];
  }[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export function printProfile(profile: CpuProfile, label: string, file: string) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, { samples: number; wall: number }>();
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!.callFrame;
    const name = frame.url
      ? `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*\//, '')}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`
      : frame.functionName;
    const entry = self.get(name) ?? { samples: 0, wall: 0 };
    entry.samples++;
    entry.wall += (profile.timeDeltas[i + 1] ?? 0) / 1000;
    self.set(name, entry);
  });
  const total = (profile.endTime - profile.startTime) / 1000;
  const idle = self.get('(idle)')?.wall ?? 0;
  console.log(
    `\nCPU profile of ${label} (${file}): ${Math.round(total)} ms, ${Math.round(total - idle)} ms not idle; self time by function (ms, sampled every 0.5 ms; a sample delayed by a busy machine counts its whole delay):`,
  );
  console.table(
    [...self.entries()]
      .filter(([name]) => name !== '(idle)')
      .sort((a, b) => b[1].wall - a[1].wall)
      .slice(0, 25)
      .map(([name, v]) => ({ function: name, 'self ms': Math.round(v.wall), samples: v.samples })),
  );
}
