# Images the test run needs and a machine without a container registry cannot pull (tests/compose/run.sh builds
# only the ones it must; docs/testing.md, "Substitutes"). Build context: the repository root.
# None of them is in a file users run.

# --- build-stage outputs made on the host (tests/compose/host-outputs.sh) ------------------------------------
# docker/nginx/Dockerfile's site stage (node:24-slim): `npm run build` of this checkout.
FROM scratch AS site
COPY build/client /out/client
COPY build/nginx /out/nginx

# The same with SALON_DEMO=1: what production runs with stand-ins (frontend/build/launchGate.ts).
FROM scratch AS site-demo
COPY build/demo/client /out/client
COPY build/demo/nginx /out/nginx

# docker/php/Dockerfile's vendor stage (composer:2): `composer install --no-dev --classmap-authoritative`.
FROM scratch AS vendor
COPY build/docker/mailer-vendor /out/vendor

# --- the stand-in for mailhog/mailhog, and the test relay -------------------------------------------------------
# MailDev (tests/catcher/package.json pins the version the native stack runs) on Debian's Node.js: SMTP on 1025,
# web UI and API on 8025, as MailHog. The tests read MailHog's API and MailDev's alike (tests/support/mailbox.ts).
# The test relay is the same image demanding STARTTLS and a login (mailer/tests/Fixtures/maildev-starttls.cjs).
FROM debian:trixie-slim AS maildev
RUN apt-get update \
    && apt-get install -y --no-install-recommends nodejs \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --home-dir /var/lib/maildev --create-home maildev
COPY build/docker/catcher/node_modules /opt/maildev/node_modules
COPY tests/catcher/preload.cjs /opt/maildev/preload.cjs
COPY mailer/tests/Fixtures/maildev-starttls.cjs /opt/maildev/starttls.cjs
USER maildev
LABEL salon.stand-in="mailhog/mailhog: MailDev 2.2.1"
# No HEALTHCHECK here: each use asks what it serves (the catcher's API in tests/compose/mailhog-stand-in.yaml, the
# relay's port in tests/compose/test.production.yaml).
EXPOSE 1025 8025
CMD ["node", "--require", "/opt/maildev/preload.cjs", "/opt/maildev/node_modules/maildev/bin/maildev", "-s", "1025", "-w", "8025", "--ip", "0.0.0.0", "--web-ip", "0.0.0.0", "--silent"]

# --- Pebble, Let's Encrypt's ACME test server (Debian's package) ------------------------------------------------
FROM debian:trixie-slim AS pebble
RUN apt-get update \
    && apt-get install -y --no-install-recommends pebble \
    && rm -rf /var/lib/apt/lists/*
USER nobody
EXPOSE 14000 15000
CMD ["pebble", "-config", "/etc/pebble/config.json"]
