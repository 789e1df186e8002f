/**
 * A network link with latency, for the benchmark (frontend/tools/bench/lighthouse/cli.ts): a TCP relay from 127.0.0.1:LISTEN to
 * 127.0.0.1:TARGET that holds every chunk, in both directions and in order, for DELAY ms before passing it on.
 *
 *   node frontend/tools/bench/lighthouse/link.mjs LISTEN TARGET DELAY
 *
 * Why: on loopback a response can reach the browser before its main thread has begun to parse the page, which no
 * real network allows; Lighthouse's simulation then models a dependency the page does not have
 * (docs/performance.md, "A link with latency"). Its own process, so that the benchmark's work does not delay it.
 */
import { connect, createServer } from "node:net";

const [listen, target, delay] = process.argv.slice(2).map(Number);
if (![listen, target, delay].every((n) => Number.isInteger(n) && n >= 0))
  throw new Error("użycie: node frontend/tools/bench/lighthouse/link.mjs PORT_NASŁUCHU PORT_CELU OPÓŹNIENIE_MS");

/** Passes what `from` sends on to `to`, each chunk DELAY ms after it came, in the order it came. */
function relay(from, to) {
  let queue = Promise.resolve();
  const later = (action) => {
    const due = Date.now() + delay;
    queue = queue.then(() => new Promise((done) => setTimeout(done, due - Date.now()))).then(action);
  };
  from.on("data", (chunk) => later(() => to.write(chunk)));
  from.on("end", () => later(() => to.end()));
  from.on("error", () => to.destroy());
}

createServer((client) => {
  const server = connect(target, "127.0.0.1");
  relay(client, server);
  relay(server, client);
}).listen(listen, "127.0.0.1");
