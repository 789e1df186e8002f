// A stand-in for a push monitor (a dead man's switch: Healthchecks.io, whose convention Uptime Kuma's push monitors
// and others accept) in the test run's production (tests/compose/test.production.yaml): it answers every request
// 200 and writes it to its output as a JSON line (time, method, path, body), which tests/e2e/monitoring.spec.ts reads
// with `docker compose logs push-receiver`.
const { createServer } = require("node:http");

createServer((request, response) => {
  let body = "";
  request.setEncoding("utf8");
  request.on("data", (chunk) => {
    if (body.length < 4096) body += chunk;
  });
  request.on("end", () => {
    console.log(JSON.stringify({ time: new Date().toISOString(), method: request.method, path: request.url, body }));
    response.writeHead(200, { "Content-Type": "text/plain" });
    response.end("OK");
  });
}).listen(8080, "0.0.0.0");
