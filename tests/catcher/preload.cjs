// Loaded into MailDev (node --require) by the catcher image and the native stack alike. MailDev's SMTP server
// (smtp-server) looks the client's address up in DNS before it sends its greeting, and Node's dns.reverse asks the network resolver even for
// 127.0.0.1 (it never reads /etc/hosts): about 100 ms per message on this machine, up to 1.5 s with a slow resolver,
// in every test and in the benchmark. The native catcher only ever has loopback clients: answer those here. (In
// Compose the clients are containers, whose names Docker's own DNS server answers at once.)
const dns = require("node:dns");

const reverse = dns.reverse;
dns.reverse = function reverseLoopbackLocally(ip, callback) {
  if (/^(127\.|::1$|::ffff:127\.)/.test(String(ip))) {
    process.nextTick(callback, null, ["localhost"]);
    return;
  }
  return reverse.apply(this, arguments);
};
