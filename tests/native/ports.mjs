/**
 * Who holds a port of the native stack, and waiting for one to open or close: the checks the stack's start, its
 * stop and the test command's first step (free-ports.mjs) share.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, readlinkSync } from "node:fs";
import { connect } from "node:net";
import { basename } from "node:path";
import { host } from "./config.mjs";

/** Who listens on a TCP port of 127.0.0.1 or any address: "nginx (pid 123: nginx: master process …)", or "". */
export function portHolder(port) {
  let listing = "";
  try {
    listing = execFileSync("ss", ["-ltnpH", `sport = :${port}`], { encoding: "utf8" });
  } catch {
    // no ss (iproute2): say less
  }
  const holders = [...new Set([...listing.matchAll(/\("([^"]+)",pid=(\d+)/g)].map((m) => `${m[1]}|${m[2]}`))].map(
    (entry) => {
      const [comm, pid] = entry.split("|");
      // The program's file, not ss's name for it: that is the thread's name, which Node 24 calls "MainThread".
      let name = comm;
      try {
        name = basename(readlinkSync(`/proc/${pid}/exe`));
      } catch {
        // not ours to read, or gone meanwhile
      }
      let command = "";
      try {
        command = readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ").trim();
      } catch {
        // gone meanwhile
      }
      return `${name} (pid ${pid}${command ? `: ${command.slice(0, 120)}` : ""})`;
    },
  );
  if (holders.length) return holders.join(", ");
  return listing.trim() ? "a process this user cannot see (run as root to see which)" : "";
}

export function portOpen(port) {
  return new Promise((resolvePort) => {
    const socket = connect(port, host);
    socket.once("connect", () => {
      socket.destroy();
      resolvePort(true);
    });
    socket.once("error", () => resolvePort(false));
  });
}

export async function waitForPort(port, open = true, timeoutMs = 15000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await portOpen(port)) === open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Port ${port} ${open ? "nie otworzył się" : "nie zamknął się"} w ${timeoutMs} ms`);
}
