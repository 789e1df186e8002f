<?php

declare(strict_types=1);

namespace Salon\Mailer\Tests\Unit;

use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Salon\Mailer\Confirmation;

/** The question itself: what it asks, which answers a person may give count, and when it stops being asked. */
#[CoversClass(Confirmation::class)]
final class ConfirmationTest extends TestCase
{
    public function testItAsksForTheSumOfTwoNumbersWrittenAsWords(): void
    {
        self::assertSame('Ile to jest trzy plus cztery?', (new Confirmation(str_repeat('a', 64), 3, 4))->question());
        self::assertSame('Ile to jest pięć plus jeden?', (new Confirmation(str_repeat('a', 64), 5, 1))->question());
    }

    /** @return iterable<string, array{int, int, string, bool}> */
    public static function answers(): iterable
    {
        yield 'digits' => [3, 4, '7', true];
        yield 'digits with spaces around' => [3, 4, " 7\u{00A0}", true];
        yield 'the word' => [3, 4, 'siedem', true];
        yield 'the word, capitalised, with a full stop' => [3, 4, 'Siedem.', true];
        yield 'Polish letters' => [2, 3, 'pięć', true];
        yield 'without Polish letters' => [2, 3, 'piec', true];
        yield 'two as "dwie"' => [1, 1, 'dwie', true];
        yield 'ten as a word' => [5, 5, 'dziesięć', true];
        yield 'another number' => [3, 4, '8', false];
        yield 'the question repeated' => [3, 4, 'trzy plus cztery', false];
        yield 'what a bot fills in' => [3, 4, 'https://spam.example', false];
        yield 'an address' => [3, 4, 'anna@example.com', false];
        yield 'empty' => [3, 4, '', false];
    }

    #[DataProvider('answers')]
    public function testAnswers(int $first, int $second, string $answer, bool $right): void
    {
        self::assertSame($right, (new Confirmation(str_repeat('a', 64), $first, $second))->accepts($answer));
    }

    public function testItsSecretIsKnownOnlyByItsHashAndAnyOtherSecretFails(): void
    {
        [$asked, $secret] = Confirmation::ask();

        self::assertTrue($asked->holdsSecret($secret));
        self::assertFalse($asked->holdsSecret(strrev($secret)));
        self::assertStringNotContainsString($secret, json_encode($asked->toArray(), JSON_THROW_ON_ERROR));
    }

    public function testAfterAWrongAnswerTheQuestionChangesAndAfterThreeItIsNoLongerAsked(): void
    {
        [$asked] = Confirmation::ask();
        $again = $asked->askedAgain();

        self::assertNotSame([$asked->first, $asked->second], [$again->first, $again->second]);
        self::assertSame($asked->secretHash, $again->secretHash);
        self::assertFalse($again->askedAgain()->exhausted());
        self::assertTrue($again->askedAgain()->askedAgain()->exhausted());
    }

    public function testARecordThatIsNotOursReadsAsNone(): void
    {
        [$asked] = Confirmation::ask();

        self::assertEquals($asked, Confirmation::fromArray($asked->toArray()));
        self::assertNull(Confirmation::fromArray(['first' => 9] + $asked->toArray()));
        self::assertNull(Confirmation::fromArray(['first' => '3'] + $asked->toArray()));
        self::assertNull(Confirmation::fromArray(['secretHash' => 'x'] + $asked->toArray()));
    }
}
