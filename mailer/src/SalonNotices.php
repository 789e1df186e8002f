<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * The mails the site writes to the salon itself (MAIL_TO), in Polish, plain text: the daily digest of held
 * messages and the notice of failed ones. Each is bounded: the newest IN_FULL messages in full, the rest counted
 * with their times (every one stays listed by deliver.php --held or --failed), so a flood is one mail of bounded
 * size. Each also has a bare form, times and ids only, for a relay that refuses the full one (a spam filter taking
 * the held texts for what they may be): the salon is still told that they exist, when they came and how to find
 * them.
 */
final class SalonNotices
{
    /** Messages shown in full in one digest or notice; the rest are counted. */
    public const IN_FULL = 20;

    private const COMMAND = 'docker compose exec deliverer php /srv/mailer/bin/deliver.php';

    public function __construct(private readonly Config $config)
    {
    }

    /**
     * The digest of held messages, newest first.
     *
     * @param list<OutboxEntry> $held
     *
     * @return array{string, string} subject, body
     */
    public function digest(array $held, bool $bare = false): array
    {
        $count = count($held);
        $lines = [
            sprintf('Wiadomości z formularza kontaktowego na stronie %s wstrzymane od ostatniego zestawienia: %d.', $this->config->siteDomain(), $count),
            '',
            'UWAGA: tych wiadomości formularz NIE SPRAWDZIŁ. Przyszły bez zabezpieczenia przed spamem, które strona',
            'wykonuje w przeglądarce (np. przy wyłączonym JavaScript albo od automatu): MOGĄ BYĆ SPAMEM. To słowa nadawców,',
            'przepisane bez zmian, nie salonu ani strony; adresów nikt nie sprawdził. Nie loguj się przez linki z nich i nie',
            'podawaj haseł ani danych. Na prawdziwą wiadomość odpowiedz na podany adres e-mail albo zadzwoń.',
            '',
            sprintf('Serwer strony usunie je %d dni po tym zestawieniu. Lista na serwerze: %s --held', $this->config->outbox->heldDays, self::COMMAND),
            '(--release=ID wysyła jedną na skrzynkę salonu, --purge=ID usuwa).',
        ];
        if ($bare) {
            $lines[] = '';
            $lines[] = 'Serwer poczty nie przyjął zestawienia z treścią wiadomości; są tylko na liście na serwerze.';
        }

        return [
            sprintf('Formularz kontaktowy: wiadomości wstrzymane do sprawdzenia (%d)', $count),
            $this->listing($lines, $held, $bare, 'wstrzymana', '--held'),
        ];
    }

    /**
     * The notice of failed messages, newest first: those the relay refused with its answer and the visitor's
     * address (not the text it refused), those that outlived their retries in full.
     *
     * @param list<OutboxEntry|string> $failed entries, or the names of files in failed/ that are not readable entries
     *
     * @return array{string, string} subject, body
     */
    public function failure(array $failed, bool $bare = false): array
    {
        $count = count($failed);
        $lines = [
            sprintf('Nie udało się doręczyć na tę skrzynkę %d wiadomości z formularza kontaktowego na stronie %s.', $count, $this->config->siteDomain()),
            sprintf('Czekają na serwerze strony w outbox/failed/: lista: %s --failed, ponowna wysyłka: --retry-failed.', self::COMMAND),
            sprintf('Serwer strony usunie je %d dni po tym powiadomieniu.', $this->config->outbox->failedDays),
        ];
        if ($bare) {
            $lines[] = '';
            $lines[] = 'Serwer poczty nie przyjął powiadomienia z ich treścią; są tylko na liście na serwerze.';
        }

        return [
            sprintf('Formularz kontaktowy: wiadomości niedoręczone (%d)', $count),
            $this->listing($lines, $failed, $bare, 'wysłana przez formularz', '--failed'),
        ];
    }

    /**
     * @param list<string>             $lines   the introduction
     * @param list<OutboxEntry|string> $entries
     */
    private function listing(array $lines, array $entries, bool $bare, string $when, string $list): string
    {
        usort($entries, static fn (OutboxEntry|string $a, OutboxEntry|string $b): int => self::at($b) <=> self::at($a));
        $shown = $bare ? [] : array_slice($entries, 0, self::IN_FULL);
        foreach ($shown as $i => $entry) {
            $lines[] = '';
            if (is_string($entry)) {
                $lines[] = sprintf('--- %d z %d: plik %s, którego serwer nie umiał odczytać ---', $i + 1, count($entries), $entry);
                continue;
            }
            $lines[] = sprintf('--- %d z %d (%s %s, id %s) ---', $i + 1, count($entries), $when, MessageBuilder::localTime($entry->createdAt), $entry->id());
            array_push($lines, ...$this->entry($entry));
        }
        $rest = array_slice($entries, count($shown));
        if ($rest !== []) {
            $times = array_map(self::at(...), $rest);
            $lines[] = '';
            $lines[] = sprintf(
                '%s %d (z okresu od %s do %s): id %s. Wszystkie są na liście %s %s.',
                $bare ? 'Wiadomości' : 'Pozostałe, nie pokazane tutaj:',
                count($rest),
                MessageBuilder::localTime(min($times)),
                MessageBuilder::localTime(max($times)),
                implode(', ', array_slice(array_map(static fn (OutboxEntry|string $e): string => is_string($e) ? $e : $e->id(), $rest), 0, 50)) . (count($rest) > 50 ? ', …' : ''),
                self::COMMAND,
                $list,
            );
        }

        return implode("\n", $lines) . "\n";
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
