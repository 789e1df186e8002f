# The php image of an upgrade broken on purpose (tests/compose/broken-upgrade.yaml): the run's own php image, whose
# PHP-FPM is given an option it refuses, so it exits at every start. Build context: the repository root.
ARG PHP_IMAGE
FROM ${PHP_IMAGE}
LABEL salon.test-layer="broken on purpose: PHP-FPM does not start"
CMD ["php-fpm8.4", "--no-such-option"]
