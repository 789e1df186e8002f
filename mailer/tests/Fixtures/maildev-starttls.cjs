// Loaded into MailDev (node --require) by SmtpTlsTest and by the Compose test run's relay
// (tests/compose/test.production.yaml), to get a server that demands STARTTLS and a login.
// MailDev 2.2.1 builds its smtp-server with `hideSTARTTLS: true` always, and disables STARTTLS whenever an incoming
// user is set without --incoming-secure (lib/mailserver.js): it can do implicit TLS (--incoming-secure) or
// plain text, never STARTTLS. Here its SMTPServer gets STARTTLS back, with the certificate MailDev passes it
// (--incoming-cert/--incoming-key). smtp-server itself then refuses AUTH before STARTTLS (538, as
// allowInsecureAuth is off) and MAIL before AUTH (530): the relay a production setup talks to.
const Module = require("node:module");

const load = Module._load;
Module._load = function loadWithStartTls(request) {
  const exported = load.apply(this, arguments);
  if (request === "smtp-server" && !exported.SMTPServer.withStartTls) {
    const Original = exported.SMTPServer;
    class SMTPServerWithStartTls extends Original {
      constructor(options = {}) {
        super({
          ...options,
          hideSTARTTLS: false,
          disabledCommands: (options.disabledCommands ?? []).filter((c) => c !== "STARTTLS"),
        });
      }

      // A client that rejects the certificate ends the handshake with an alert, which smtp-server reports as an
      // 'error' event, and MailDev's handler throws it: the whole server would end (the Compose test run's relay
      // serves every test). Such a failed session is logged and the server goes on, as a real relay does.
      emit(event, error, ...rest) {
        if (event === "error" && /SSL|TLS/.test(`${error?.code ?? ""} ${error?.message ?? ""}`)) {
          console.error(`relay: TLS session failed: ${error.code ?? ""} ${error.reason ?? error.message}`);
          return true;
        }
        return super.emit(event, error, ...rest);
      }
    }
    SMTPServerWithStartTls.withStartTls = true;
    exported.SMTPServer = SMTPServerWithStartTls;
  }
  return exported;
};
