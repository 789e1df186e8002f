// Loaded into the benchmark's MailDev (CATCHER_REQUIRE, tests/native/services.mjs): a content filter. A message
// whose text carries the marker is refused at the end of DATA with 550 5.7.1, as a spam filter or a blocked link
// would be refused by a real relay; every other message is stored as usual.
const Module = require("node:module");
const { PassThrough } = require("node:stream");

const MARKER = Buffer.from("BENCH-REFUSE-ME");

const load = Module._load;
Module._load = function loadRefusingFilter(request) {
  const exported = load.apply(this, arguments);
  if (request === "smtp-server" && !exported.SMTPServer.refusesMarked) {
    const Original = exported.SMTPServer;
    class RefusingSMTPServer extends Original {
      constructor(options = {}) {
        const store = options.onData;
        super({
          ...options,
          onData(stream, session, callback) {
            const chunks = [];
            stream.on("data", (chunk) => chunks.push(chunk));
            stream.on("end", () => {
              const data = Buffer.concat(chunks);
              if (data.includes(MARKER)) {
                const error = new Error("5.7.1 Message rejected as spam (benchmark filter)");
                error.responseCode = 550;
                callback(error);
                return;
              }
              const replay = new PassThrough();
              store(replay, session, callback);
              replay.end(data);
            });
          },
        });
      }
    }
    RefusingSMTPServer.refusesMarked = true;
    exported.SMTPServer = RefusingSMTPServer;
  }
  return exported;
};
