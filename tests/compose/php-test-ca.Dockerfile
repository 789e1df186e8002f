# The test-only layer on the php image (the one users run): the test CA of the test relay's certificate goes into
# the system's CA store the way a public CA is there, so the mailer verifies the relay exactly as it verifies a
# real one (no SMTP_CA_FILE). Build context: the folder holding test-ca.pem (tests/compose/run.sh makes it).
ARG PHP_IMAGE
FROM ${PHP_IMAGE}
USER root
COPY test-ca.pem /usr/local/share/ca-certificates/salon-test-ca.crt
RUN update-ca-certificates >/dev/null \
    && grep -q "$(sed -n 2p /usr/local/share/ca-certificates/salon-test-ca.crt)" "$(php -r 'echo openssl_get_cert_locations()["default_cert_file"];')"
USER www-data
LABEL salon.test-layer="test CA in the system store"
