<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * The promotions' periods the built pages announce, read from the same file the site is built from
 * (content/promotions.json: each card's `period` and the referral programme's, both days included). The pages are
 * prerendered: a promotion stays on them as current after its period ends until someone rebuilds the site, so GET
 * /health and the deliverer's push name one that has ended or ends within WARN_DAYS (docs/operating.md says what the
 * operator does). The file sits two folders above this one both in the checkout and in the php image
 * (/srv/mailer/src → /srv/content/promotions.json), as docker/defaults.env does.
 */
final class PromotionPeriods
{
    public const FILE = __DIR__ . '/../../content/promotions.json';
    /** How many days ahead an end is reported: a week to change the promotion and rebuild. */
    public const WARN_DAYS = 7;
    /** The periods are the salon's calendar days. */
    public const TIME_ZONE = 'Europe/Warsaw';

    /**
     * @param array<string, array{from: string, until: string}> $periods promotion id => period
     * @param ?string $unreadable why the file could not be read, if it could not
     */
    public function __construct(private readonly array $periods, private readonly ?string $unreadable = null)
    {
    }

    /** The periods of the promotions file; none when there is no file (a site without promotions). */
    public static function fromFile(string $file = self::FILE): self
    {
        if (!is_file($file)) {
            return new self([]);
        }
        $text = @file_get_contents($file);
        error_clear_last();
        $doc = is_string($text) ? json_decode($text, true) : null;
        if (!is_array($doc)) {
            return new self([], basename($file) . ' is not readable JSON');
        }
        $periods = [];
        foreach (is_array($doc['cards'] ?? null) ? $doc['cards'] : [] as $card) {
            if (is_array($card) && is_string($card['id'] ?? null) && self::isPeriod($card['period'] ?? null)) {
                $periods[$card['id']] = $card['period'];
            }
        }
        if (self::isPeriod($doc['referral']['period'] ?? null)) {
            $periods['referral'] = $doc['referral']['period'];
        }

        return new self($periods);
    }

    /** @phpstan-assert-if-true array{from: string, until: string} $period */
    private static function isPeriod(mixed $period): bool
    {
        return is_array($period) && is_string($period['from'] ?? null) && is_string($period['until'] ?? null);
    }

    /**
     * The promotions that have ended or end within WARN_DAYS of the moment, for the operator ("pca ended on
     * 2027-03-31; referral ends on 2027-04-02"), or null when none does.
     */
    public function problem(int $now): ?string
    {
        if ($this->unreadable !== null) {
            return $this->unreadable;
        }
        $zone = new \DateTimeZone(self::TIME_ZONE);
        $today = (new \DateTimeImmutable('@' . $now))->setTimezone($zone);
        $warnUntil = $today->modify('+' . self::WARN_DAYS . ' days')->format('Y-m-d');
        $found = [];
        foreach ($this->periods as $id => $period) {
            if ($period['until'] < $today->format('Y-m-d')) {
                $found[] = sprintf('%s ended on %s', $id, $period['until']);
            } elseif ($period['until'] <= $warnUntil) {
                $found[] = sprintf('%s ends on %s', $id, $period['until']);
            }
        }

        return $found === [] ? null : implode('; ', $found) . ': rebuild the site without it or with a new period';
    }
}
