<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * The mails the site writes to the salon itself (MAIL_TO), in Polish, plain text:
 *
 * - the notice of failed messages: each with its whole text (the salon must have the words to answer them), at most
 *   IN_FULL a mail (the oldest and the newest half each, so a flood neither delays the first nor hides the last);
 *   only a notice that carried a message's text marks it told (DelivererPass), and retention counts from then;
 * - the bare notice of one failed message whose text the relay refuses to carry: that it exists, when it came, the
 *   relay's answer and how to read it on the server. It tells the salon to look; it marks nothing told;
 * - the daily summary of messages nobody confirmed (held/): how many, the newest few in full, marked unconfirmed.
 *   Nobody was promised these would be read; the summary is there so that a real person who gave up on the
 *   question is not lost.
 */
final class SalonNotices
{
    /** Failed messages carried by one notice; the rest are counted, and named by the next. */
    public const IN_FULL = 20;
    /** Unconfirmed messages a summary shows in full (the newest). */
    public const SUMMARY_IN_FULL = 5;

    public const FAILURE_SUBJECT = 'Formularz kontaktowy: wiadomości niedoręczone (%d)';
    public const SUMMARY_SUBJECT = 'Formularz kontaktowy: niepotwierdzone wiadomości (%d)';

    private const COMMAND = 'docker compose exec deliverer php /srv/mailer/bin/deliver.php';

    public function __construct(private readonly Config $config)
    {
    }

    /**
     * The notice of failed messages, with the text of each of $entries (oldest first).
     *
     * @param array<OutboxEntry|string> $entries the messages this mail carries; a string: a file in failed/ that is
     *                                           not a readable entry (named, to be looked at by hand)
     * @param int                       $untold  how many failed messages the salon has not had yet, these included
     *
     * @return array{string, string} subject, body
     */
    public function failure(array $entries, int $untold): array
    {
        $lines = [
            sprintf('Nie udało się doręczyć na tę skrzynkę wiadomości z formularza kontaktowego na stronie %s. Poniżej ich treść: %d z %d, które na to czekają.', $this->config->siteDomain(), count($entries), $untold),
            sprintf('Odpowiedz nadawcom sama: na ich adres e-mail albo telefonicznie. Na serwerze strony są w outbox/failed/ (lista: %s --failed, ponowna wysyłka: --retry-failed).', self::COMMAND),
            sprintf('Serwer strony usunie te wiadomości %d dni po tym powiadomieniu.', $this->config->outbox->failedDays),
            'To słowa nadawców, przepisane bez zmian, nie salonu ani strony; adresów nikt nie sprawdził. Nie loguj się przez linki z nich.',
        ];
        foreach (array_values(self::oldestFirst($entries)) as $i => $entry) {
            $lines[] = '';
            if (is_string($entry)) {
                $lines[] = sprintf('--- %d z %d: plik %s, którego serwer nie umiał odczytać: zajrzyj do niego na serwerze ---', $i + 1, count($entries), $entry);
                continue;
            }
            $lines[] = sprintf('--- %d z %d (wysłana przez formularz %s, id %s) ---', $i + 1, count($entries), MessageBuilder::localTime($entry->createdAt), $entry->id());
            array_push($lines, ...$this->why($entry), ...self::text($entry));
        }
        if ($untold > count($entries)) {
            $lines[] = '';
            $lines[] = sprintf('Pozostałe (%d) przyjdą w następnym powiadomieniu, najwcześniej za godzinę.', $untold - count($entries));
        }

        return [sprintf(self::FAILURE_SUBJECT, count($entries)), implode("\n", $lines) . "\n"];
    }

    /**
     * One failed message whose notice with its text the relay refused: that it exists and how to read it.
     *
     * @return array{string, string} subject, body
     */
    public function failureBare(OutboxEntry|string $entry, string $answer): array
    {
        $what = is_string($entry)
            ? sprintf('plik %s w outbox/failed/', $entry)
            : sprintf('wiadomość wysłana przez formularz %s, id %s', MessageBuilder::localTime($entry->createdAt), $entry->id());

        return [sprintf(self::FAILURE_SUBJECT, 1), implode("\n", [
            sprintf('Na serwerze strony %s czeka niedoręczona %s.', $this->config->siteDomain(), $what),
            'Serwer poczty nie przyjął powiadomienia z jej treścią (odpowiedział: ' . $answer . '),',
            sprintf('więc jej treść jest tylko na serwerze: %s --failed. Przeczytaj ją tam i odpowiedz nadawcy.', self::COMMAND),
            'Serwer nie usunie jej, dopóki jej treść do Ciebie nie dotrze; do tego czasu /health zgłasza notice-refused.',
        ]) . "\n"];
    }

    /**
     * The daily summary of messages nobody confirmed.
     *
     * @param list<OutboxEntry> $newest the newest of them (at most SUMMARY_IN_FULL), newest first, shown in full
     * @param int               $new    how many came since the last summary
     * @param int               $total  how many are held now
     *
     * @return array{string, string} subject, body
     */
    public function summary(array $newest, int $new, int $total): array
    {
        $lines = [
            sprintf('Wiadomości z formularza kontaktowego na stronie %s, których nikt nie potwierdził, od poprzedniego zestawienia: %d (na serwerze jest ich łącznie %d).', $this->config->siteDomain(), $new, $total),
            '',
            'NIEPOTWIERDZONE: nadawca nie odpowiedział na proste pytanie, które formularz zadaje, gdy przeglądarka nie wykonała',
            'zabezpieczenia przed spamem. Zwykle to spam. To słowa nadawców, przepisane bez zmian, nie salonu ani strony; adresów',
            'nikt nie sprawdził. Nie loguj się przez linki z nich i nie podawaj haseł ani danych.',
            sprintf('Serwer strony usuwa każdą z nich %d dni po jej przyjściu. Lista: %s --held', $this->config->outbox->heldDays, self::COMMAND),
            '(--release=ID wysyła jedną na skrzynkę salonu, --purge=ID usuwa).',
        ];
        if ($newest !== []) {
            $lines[] = '';
            $lines[] = sprintf('Najnowsze (%d):', count($newest));
        }
        foreach ($newest as $i => $entry) {
            $lines[] = '';
            $lines[] = sprintf('--- %d z %d (przyszła %s, id %s) ---', $i + 1, count($newest), MessageBuilder::localTime($entry->createdAt), $entry->id());
            array_push($lines, ...self::text($entry));
        }

        return [sprintf(self::SUMMARY_SUBJECT, $new), implode("\n", $lines) . "\n"];
    }

    /**
     * The failed messages one notice carries: the oldest and the newest IN_FULL / 2, in the order they came, keys
     * kept (all of them when there are no more than IN_FULL).
     *
     * @template T of array-key
     *
     * @param array<T, OutboxEntry|string> $entries
     *
     * @return array<T, OutboxEntry|string>
     */
    public static function named(array $entries): array
    {
        $sorted = self::oldestFirst($entries);
        if (count($sorted) <= self::IN_FULL) {
            return $sorted;
        }
        $half = intdiv(self::IN_FULL, 2);

        return array_slice($sorted, 0, $half, true) + array_slice($sorted, -$half, null, true);
    }

    /**
     * @template T of array-key
     *
     * @param array<T, OutboxEntry|string> $entries
     *
     * @return array<T, OutboxEntry|string>
     */
    private static function oldestFirst(array $entries): array
    {
        // Stable: messages of the same second keep the folder's order.
        uasort($entries, static fn (OutboxEntry|string $a, OutboxEntry|string $b): int => self::at($a) <=> self::at($b));

        return $entries;
    }

    /** @return list<string> why a failed message did not arrive by itself */
    private function why(OutboxEntry $entry): array
    {
        return [$entry->gaveUp === OutboxEntry::REFUSED
            ? 'Serwer poczty ją odrzucił (np. filtr antyspamowy), jego odpowiedź: ' . $entry->lastError
            : sprintf('Niedoręczona przez %d godzin (serwer poczty był niedostępny: %s).', $this->config->outbox->retryHours, $entry->lastError)];
    }

    /** @return list<string> the visitor's fields and words */
    private static function text(OutboxEntry $entry): array
    {
        if ($entry->visitor !== null) {
            return MessageBuilder::fields($entry->visitor, $entry->createdAt);
        }

        // An entry stored before the fields were kept apart: the mail's own text.
        return ['', $entry->message->body];
    }

    private static function at(OutboxEntry|string $entry): int
    {
        return is_string($entry) ? 0 : $entry->createdAt;
    }
}
