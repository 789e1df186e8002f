<?php

declare(strict_types=1);

namespace Salon\Mailer\Tests\Unit;

use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Salon\Mailer\FieldCollector;
use Salon\Mailer\FormBody;
use Salon\Mailer\MalformedBody;

#[CoversClass(FormBody::class)]
#[CoversClass(FieldCollector::class)]
final class FormBodyTest extends TestCase
{
    private const B = '----WebKitFormBoundaryAbC123';

    /** @param array<string, string> $fields */
    private static function multipart(array $fields, string $boundary = self::B): string
    {
        $body = '';
        foreach ($fields as $name => $value) {
            $body .= "--$boundary\r\nContent-Disposition: form-data; name=\"$name\"\r\n\r\n$value\r\n";
        }

        return $body . "--$boundary--\r\n";
    }

    public function testMultipartAsChromeSendsIt(): void
    {
        $fields = ['name' => 'Zażółć Gęślą', 'email' => 'a@example.com', 'phone' => '', 'message' => "Linia 1\r\nLinia 2\r\n", 'pole_kontrolne' => ''];

        self::assertSame($fields, FormBody::parse('multipart/form-data; boundary=' . self::B, self::multipart($fields)));
    }

    public function testQuotedBoundaryPreambleAndUnknownFields(): void
    {
        $body = "ignored preamble\r\n" . self::multipart(['name' => 'A', 'to' => 'evil@example.com'], 'x y');

        self::assertSame(['name' => 'A'], FormBody::parse('Multipart/Form-Data; charset=utf-8; boundary="x y"', $body));
    }

    public function testUrlEncoded(): void
    {
        self::assertSame(
            ['name' => 'Anna Nowak', 'email' => 'a+b@example.com', 'message' => "x\r\ny&z"],
            FormBody::parse('application/x-www-form-urlencoded', 'name=Anna+Nowak&email=a%2Bb%40example.com&message=x%0D%0Ay%26z&&unknown=1'),
        );
        self::assertSame([], FormBody::parse('application/x-www-form-urlencoded', ''));
    }

    public function testArraysRepeatsAndFilesAreNotText(): void
    {
        self::assertSame(['name' => ['x'], 'email' => ['a', 'b']], FormBody::parse('application/x-www-form-urlencoded', 'name[]=x&email=a&email=b'));
        self::assertSame(['phone' => ['1']], FormBody::parse('application/x-www-form-urlencoded', 'phone[a][b]=1'));

        $file = '--' . self::B . "\r\nContent-Disposition: form-data; name=\"message\"; filename=\"a.txt\"\r\nContent-Type: text/plain\r\n\r\nhi\r\n--" . self::B . "--\r\n";
        self::assertSame(['message' => ['hi']], FormBody::parse('multipart/form-data; boundary=' . self::B, $file));
    }

    public function testBytesArePassedOnForTheValidatorToJudge(): void
    {
        // Invalid UTF-8 and control characters are the Validator's business (a field error, not a 400).
        self::assertSame(['name' => "\xC5\x00"], FormBody::parse('application/x-www-form-urlencoded', 'name=%C5%00'));
    }

    /** @return iterable<string, array{string, string}> */
    public static function malformed(): iterable
    {
        $b = self::B;
        yield 'no boundary' => ['multipart/form-data', self::multipart(['name' => 'x'])];
        yield 'other boundary' => ["multipart/form-data; boundary=$b", self::multipart(['name' => 'x'], 'zzz')];
        yield 'not closed' => ["multipart/form-data; boundary=$b", "--$b\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nx"];
        yield 'no header block' => ["multipart/form-data; boundary=$b", "--$b\r\nContent-Disposition: form-data; name=\"name\"\r\n--$b--\r\n"];
        yield 'no disposition' => ["multipart/form-data; boundary=$b", "--$b\r\nContent-Type: text/plain\r\n\r\nx\r\n--$b--\r\n"];
        yield 'no name' => ["multipart/form-data; boundary=$b", "--$b\r\nContent-Disposition: form-data\r\n\r\nx\r\n--$b--\r\n"];
        yield 'LF only' => ["multipart/form-data; boundary=$b", "--$b\nContent-Disposition: form-data; name=\"name\"\n\nx\n--$b--\n"];
        yield 'too many parts' => ["multipart/form-data; boundary=$b", self::multipart(array_fill_keys(array_map(static fn (int $i): string => "f$i", range(1, 60)), 'x'))];
        yield 'too many pairs' => ['application/x-www-form-urlencoded', str_repeat('a=1&', 60)];
        yield 'boundary too long' => ['multipart/form-data; boundary=' . str_repeat('b', 71), self::multipart(['name' => 'x'], str_repeat('b', 71))];
        yield 'other type' => ['application/json', '{}'];
    }

    #[DataProvider('malformed')]
    public function testMalformedBodiesAreRefused(string $contentType, string $body): void
    {
        $this->expectException(MalformedBody::class);
        FormBody::parse($contentType, $body);
    }
}
