<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * The mails the site writes to the salon itself (MAIL_TO), in Polish, plain text: the daily digest of held
 * messages and the notice of failed ones. Each is bounded: it names IN_FULL messages one by one (named()) and counts
 * the rest, which the next mail names (every one stays listed by deliver.php --held or --failed), so a flood is one
 * mail of bounded size a time. Half are the newest, so a visitor who writes after a flood is in the next mail, and
 * half the oldest, so no message waits longer than its place in the queue divided by IN_FULL / 2 mails, however
 * many come after it. Each also has a bare form, times and ids without texts, for a relay that
 * refuses the full one (a spam filter taking the held texts for what they may be): the salon is still told that
 * they exist, when they came and how to find them.
 */
final class SalonNotices
{
    /** Messages named one by one in one digest or notice; the rest are counted, and named by the next. */
    public const IN_FULL = 20;

    private const COMMAND = 'docker compose exec deliverer php /srv/mailer/bin/deliver.php';

    public function __construct(private readonly Config $config)
    {
    }

    /**
     * The digest of held messages, oldest first.
     *
     * @param array<OutboxEntry|string> $held entries, or the names of files in held/ that are not readable entries
     *
     * @return array{string, string} subject, body
     */
    public function digest(array $held, bool $bare = false): array
    {
        $count = count($held);
        $lines = [
            sprintf('Wstrzymane wiadomości z formularza kontaktowego na stronie %s, których nie pokazało jeszcze żadne zestawienie: %d.', $this->config->siteDomain(), $count),
            '',
            'UWAGA: tych wiadomości formularz NIE SPRAWDZIŁ. Przyszły bez zabezpieczenia przed spamem, które strona',
            'wykonuje w przeglądarce (np. przy wyłączonym JavaScript albo od automatu): MOGĄ BYĆ SPAMEM. To słowa nadawców,',
            'przepisane bez zmian, nie salonu ani strony; adresów nikt nie sprawdził. Nie loguj się przez linki z nich i nie',
            'podawaj haseł ani danych. Na prawdziwą wiadomość odpowiedz na podany adres e-mail albo zadzwoń.',
            '',
            sprintf('Serwer strony usunie pokazane tu wiadomości %d dni po tym zestawieniu. Lista na serwerze: %s --held', $this->config->outbox->heldDays, self::COMMAND),
            '(--release=ID wysyła jedną na skrzynkę salonu, --purge=ID usuwa).',
        ];
        if ($bare) {
            $lines[] = '';
            $lines[] = 'Serwer poczty nie przyjął zestawienia z treścią wiadomości; są tylko na liście na serwerze.';
        }

        return [
            sprintf('Formularz kontaktowy: wiadomości wstrzymane do sprawdzenia (%d)', $count),
            $this->listing($lines, $held, $bare, 'wstrzymana', '--held', 'w następnym zestawieniu (jutro)'),
        ];
    }

    /**
     * The notice of failed messages, oldest first: those the relay refused with its answer and the visitor's
     * address (not the text it refused), those that outlived their retries in full.
     *
     * @param array<OutboxEntry|string> $failed entries, or the names of files in failed/ that are not readable entries
     *
     * @return array{string, string} subject, body
     */
    public function failure(array $failed, bool $bare = false): array
    {
        $count = count($failed);
        $lines = [
            sprintf('Nie udało się doręczyć na tę skrzynkę %d wiadomości z formularza kontaktowego na stronie %s.', $count, $this->config->siteDomain()),
            sprintf('Czekają na serwerze strony w outbox/failed/: lista: %s --failed, ponowna wysyłka: --retry-failed.', self::COMMAND),
            sprintf('Serwer strony usunie pokazane tu wiadomości %d dni po tym powiadomieniu.', $this->config->outbox->failedDays),
        ];
        if ($bare) {
            $lines[] = '';
            $lines[] = 'Serwer poczty nie przyjął powiadomienia z ich treścią; są tylko na liście na serwerze.';
        }

        return [
            sprintf('Formularz kontaktowy: wiadomości niedoręczone (%d)', $count),
            $this->listing($lines, $failed, $bare, 'wysłana przez formularz', '--failed', 'w następnym powiadomieniu (najwcześniej za godzinę)'),
        ];
    }

    /**
     * The messages a notice or digest names one by one (the oldest and the newest IN_FULL / 2, in the order they
     * came), keys kept: in full; or by time, id and where to find it, for one the relay refused (its text stays on
     * the server), a file that cannot be read, and each in the bare form, sent when the relay refused the full one
     * for good. Of these alone the salon has been told:
     * DelivererPass marks them, and retention counts from then.
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
     * @param list<string>              $lines   the introduction
     * @param array<OutboxEntry|string> $entries
     */
    private function listing(array $lines, array $entries, bool $bare, string $when, string $list, string $next): string
    {
        // The very messages DelivererPass marks told.
        foreach (array_values(self::named($entries)) as $i => $entry) {
            $lines[] = '';
            if (is_string($entry)) {
                $lines[] = sprintf('--- %d z %d: plik %s, którego serwer nie umiał odczytać ---', $i + 1, count($entries), $entry);
                continue;
            }
            $lines[] = sprintf('--- %d z %d (%s %s, id %s) ---', $i + 1, count($entries), $when, MessageBuilder::localTime($entry->createdAt), $entry->id());
            if (!$bare) {
                array_push($lines, ...$this->entry($entry));
            }
        }
        $rest = array_values(array_diff_key(self::oldestFirst($entries), self::named($entries)));
        if ($rest !== []) {
            $times = array_map(self::at(...), $rest);
            $lines[] = '';
            $lines[] = sprintf(
                'Pozostałe, niepokazane tutaj: %d (z okresu od %s do %s): id %s. Przyjdą %s; wszystkie są na liście %s %s.',
                count($rest),
                MessageBuilder::localTime(min($times)),
                MessageBuilder::localTime(max($times)),
                implode(', ', array_slice(array_map(static fn (OutboxEntry|string $e): string => is_string($e) ? $e : $e->id(), $rest), 0, 50)) . (count($rest) > 50 ? ', …' : ''),
                $next,
                self::COMMAND,
                $list,
            );
        }

        return implode("\n", $lines) . "\n";
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

    /** @return list<string> */
    private function entry(OutboxEntry $entry): array
    {
        if ($entry->gaveUp === OutboxEntry::REFUSED) {
            $lines = ['Odrzucona przez serwer poczty (np. filtr antyspamowy), jego odpowiedź: ' . $entry->lastError];
            $visitor = $entry->visitor;

            return [...$lines, 'Imię i nazwisko: ' . ($visitor->name ?? $entry->message->replyToName), 'E-mail: ' . $entry->message->replyTo, 'Telefon: ' . (($visitor->phone ?? '') !== '' ? $visitor?->phone : '(nie podano)'), '(treść na serwerze)'];
        }
        $lines = $entry->gaveUp === OutboxEntry::EXPIRED
            ? [sprintf('Niedoręczona przez %d godzin (serwer poczty był niedostępny: %s). Jej treść:', $this->config->outbox->retryHours, $entry->lastError), '']
            : [];
        if ($entry->visitor !== null) {
            return [...$lines, ...MessageBuilder::fields($entry->visitor, $entry->createdAt)];
        }

        // An entry stored before the fields were kept apart: the mail's own text.
        return [...$lines, $entry->message->body];
    }

    private static function at(OutboxEntry|string $entry): int
    {
        return is_string($entry) ? 0 : $entry->createdAt;
    }
}
