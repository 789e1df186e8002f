import { describe, expect, it } from "vitest";
import { mainThreadTime, type TraceEvent } from "../../frontend/tools/bench/lighthouse/mainThread";

const thread = (pid: number, tid: number, name: string): TraceEvent => ({
  name: "thread_name",
  ph: "M",
  pid,
  tid,
  args: { name },
});
const task = (pid: number, tid: number, wallMs: number, cpuMs: number, name = "RunTask"): TraceEvent => ({
  name,
  ph: "X",
  pid,
  tid,
  dur: wallMs * 1000,
  tdur: cpuMs * 1000,
});

describe("the page's main thread in a Lighthouse trace (bench: CPU ms)", () => {
  it("sums the CPU and the wall time of the page renderer's top-level tasks, not what runs inside them", () => {
    const events = [
      thread(10, 1, "CrRendererMain"),
      task(10, 1, 95, 54),
      task(10, 1, 27, 2.5, "ThreadControllerImpl::RunTask"),
      { ...task(10, 1, 60, 40), name: "Layout" },
    ];
    expect(mainThreadTime(events)).toEqual({ cpu: 56.5, wall: 122 });
  });

  it("takes the renderer that worked most, not about:blank's nor the browser's threads", () => {
    const events = [
      thread(10, 1, "CrRendererMain"),
      thread(20, 1, "CrRendererMain"),
      thread(1, 1, "CrBrowserMain"),
      task(10, 1, 30, 3),
      task(20, 1, 90, 50),
      task(1, 1, 500, 400),
    ];
    expect(mainThreadTime(events)).toEqual({ cpu: 50, wall: 90 });
  });

  it("gives nothing for a trace without a renderer main thread", () => {
    expect(mainThreadTime([thread(1, 1, "CrBrowserMain"), task(1, 1, 10, 5)])).toBeUndefined();
  });
});
