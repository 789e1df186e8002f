<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * The question a person answers to confirm a message that came without a valid proof of work (JavaScript off, the
 * solver failed) or with the trap field filled: the sum of two small numbers, written as words. Any person answers
 * it, in a screen reader as well as on a screen; a bot that fills forms fills the field with whatever it puts in
 * every field. No image, no third party, nothing stored in the browser.
 *
 * The message waits in held/ with this record (OutboxEntry::$confirmation): which numbers were asked, how many wrong
 * answers were given, and the hash of the secret that the visitor's page holds (the token: "<id>.<secret>", in the
 * confirmation form's hidden field; the message itself is never sent back to her). A wrong answer asks a new
 * question; after MAX_WRONG of them the message is no longer offered for confirmation (a script guessing numbers
 * gains nothing) and stays held for the operator.
 */
final readonly class Confirmation
{
    /** Wrong answers after which the message cannot be confirmed any more. */
    public const MAX_WRONG = 3;

    /** The numbers asked: 1 to 5 (Words says them in the page's language). */
    private const SMALLEST = 1;
    private const LARGEST = 5;

    /**
     * Sums as people may type them: digits, or the word in Polish (with or without its letters), Ukrainian (any
     * apostrophe: accepts() makes it ') or English.
     */
    private const ANSWERS = [
        2 => ['dwa', 'dwie', 'два', 'two'],
        3 => ['trzy', 'три', 'three'],
        4 => ['cztery', 'чотири', 'four'],
        5 => ['pięć', 'piec', "п'ять", 'five'],
        6 => ['sześć', 'szesc', 'шість', 'six'],
        7 => ['siedem', 'сім', 'seven'],
        8 => ['osiem', 'вісім', 'eight'],
        9 => ['dziewięć', 'dziewiec', "дев'ять", 'nine'],
        10 => ['dziesięć', 'dziesiec', 'десять', 'ten'],
    ];

    public function __construct(
        /** SHA-256 (hex) of the secret half of the token. */
        public string $secretHash,
        public int $first,
        public int $second,
        public int $wrong = 0,
    ) {
    }

    /**
     * A new question with a new secret.
     *
     * @return array{self, string} the record, and the secret (given to the visitor once, never stored)
     */
    public static function ask(): array
    {
        $secret = bin2hex(random_bytes(16));

        return [new self(hash('sha256', $secret), random_int(self::SMALLEST, self::LARGEST), random_int(self::SMALLEST, self::LARGEST)), $secret];
    }

    /** After a wrong answer: another question for the same secret, one more wrong answer counted. */
    public function askedAgain(): self
    {
        do {
            [$first, $second] = [random_int(self::SMALLEST, self::LARGEST), random_int(self::SMALLEST, self::LARGEST)];
        } while ($first === $this->first && $second === $this->second);

        return new self($this->secretHash, $first, $second, $this->wrong + 1);
    }

    /** The question, in the page's language (Polish unless said). */
    public function question(?Words $words = null): string
    {
        return ($words ?? Words::in('pl'))->question($this->first, $this->second);
    }

    public function accepts(string $answer): bool
    {
        $answer = mb_strtolower(trim((string) preg_replace('/[\s\p{Z}.]+/u', ' ', $answer)), 'UTF-8');
        $answer = str_replace(['’', 'ʼ', '`', '′'], "'", $answer);
        $sum = $this->first + $this->second;

        return $answer === (string) $sum || in_array($answer, self::ANSWERS[$sum], true);
    }

    public function holdsSecret(string $secret): bool
    {
        return hash_equals($this->secretHash, hash('sha256', $secret));
    }

    /** True once MAX_WRONG wrong answers were given. */
    public function exhausted(): bool
    {
        return $this->wrong >= self::MAX_WRONG;
    }

    /** @return array{secretHash: string, first: int, second: int, wrong: int} */
    public function toArray(): array
    {
        return get_object_vars($this);
    }

    /** @param array<array-key, mixed> $data */
    public static function fromArray(array $data): ?self
    {
        $hash = $data['secretHash'] ?? null;
        $first = $data['first'] ?? null;
        $second = $data['second'] ?? null;
        if (
            !is_string($hash) || preg_match('/^[0-9a-f]{64}$/D', $hash) !== 1
            || !is_int($first) || !is_int($second) || min($first, $second) < self::SMALLEST || max($first, $second) > self::LARGEST
        ) {
            return null;
        }

        return new self($hash, $first, $second, is_int($data['wrong'] ?? null) ? $data['wrong'] : 0);
    }
}
