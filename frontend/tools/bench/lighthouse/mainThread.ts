/**
 * The page's main thread in a run's trace: the host CPU its tasks used and the wall time they took. Lighthouse's
 * simulated TBT multiplies each task's wall time by the CPU slowdown, so on a busy 2-core host the time a task waited
 * for a core (Lighthouse's own process, the browser's other processes) counts as a phone's work. The thread clock
 * does not: `cpu` compares routes and languages whatever the machine is doing, and `cpu / wall` says how much of a
 * TBT figure is the page (Chrome's Trace Event Format: `dur` is wall time, `tdur` the thread clock, both µs).
 */

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

export interface MainThreadTime {
  /** Milliseconds of host CPU in the main thread's tasks. */
  cpu: number;
  /** Milliseconds of wall time the same tasks took. */
  wall: number;
}

/** The scheduler's top-level task: everything the thread does runs inside one. */
const TASK = new Set(["RunTask", "ThreadControllerImpl::RunTask"]);

/**
 * The renderer main thread that worked most is the page's (the trace also holds the about:blank renderer Lighthouse
 * starts from, and the browser's own threads). Undefined for a trace without one.
 */
export function mainThreadTime(events: TraceEvent[]): MainThreadTime | undefined {
  const mains = new Set(
    events
      .filter((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain")
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const byThread = new Map<string, MainThreadTime>();
  for (const e of events) {
    const thread = `${e.pid}:${e.tid}`;
    if (e.ph !== "X" || !TASK.has(e.name) || !mains.has(thread)) continue;
    const sum = byThread.get(thread) ?? { cpu: 0, wall: 0 };
    sum.cpu += (e.tdur ?? 0) / 1000;
    sum.wall += (e.dur ?? 0) / 1000;
    byThread.set(thread, sum);
  }
  return [...byThread.values()].sort((a, b) => b.cpu - a.cpu)[0];
}
