<?php

declare(strict_types=1);

namespace Salon\Mailer\Tests\Unit;

use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;
use Salon\Mailer\HttpRequest;

/** HttpRequest::fromGlobals() in a PHP process of its own, with the php.ini setting it depends on chosen per run. */
#[CoversClass(HttpRequest::class)]
final class HttpRequestTest extends TestCase
{
    /** @param array<string, string> $server */
    private static function fromGlobals(string $postDataReading, array $server): string
    {
        $process = proc_open(
            [PHP_BINARY, '-d', 'enable_post_data_reading=' . $postDataReading, dirname(__DIR__) . '/Fixtures/request-from-globals.php', json_encode($server, JSON_THROW_ON_ERROR)],
            [1 => ['pipe', 'w'], 2 => ['pipe', 'w']],
            $pipes,
        );
        self::assertIsResource($process);
        $out = (string) stream_get_contents($pipes[1]);
        $err = (string) stream_get_contents($pipes[2]);
        self::assertSame(0, proc_close($process), $err);

        return trim($out);
    }

    public function testItRefusesToRunWhilePhpParsesPostBodiesItself(): void
    {
        // With PHP's own parser on, a multipart body is gone from php://input before the mailer reads it, and
        // PHP has already logged its warnings: the mailer must not quietly see an empty form.
        self::assertStringStartsWith(
            'InvalidConfig: enable_post_data_reading must be Off',
            self::fromGlobals('On', ['REQUEST_METHOD' => 'POST', 'CONTENT_TYPE' => 'application/x-www-form-urlencoded']),
        );
    }

    public function testWithParsingOffItReadsTheHeadersNginxPasses(): void
    {
        $request = json_decode(self::fromGlobals('Off', [
            'REQUEST_METHOD' => 'post',
            'CONTENT_TYPE' => 'multipart/form-data; boundary=x',
            'CONTENT_LENGTH' => '0',
            'HTTP_ORIGIN' => 'https://aurea-salon.example',
            'HTTP_REFERER' => 'https://aurea-salon.example/kontakt',
            'HTTP_HOST' => 'aurea-salon.example',
            'SALON_REQUEST_HOST' => 'aurea-salon.example:8443',
        ]), true, 4, JSON_THROW_ON_ERROR);

        self::assertSame('POST', $request['method']);
        self::assertSame('multipart/form-data; boundary=x', $request['contentType']);
        self::assertSame('https://aurea-salon.example', $request['origin']);
        self::assertSame('https://aurea-salon.example/kontakt', $request['referer']);
        self::assertSame('aurea-salon.example:8443', $request['host'], 'nginx\'s host with its port, not HTTP_HOST');
        self::assertFalse($request['bodyTooLarge']);
    }

    public function testABodyAnnouncedOverTheLimitIsNotRead(): void
    {
        $request = json_decode(self::fromGlobals('Off', [
            'REQUEST_METHOD' => 'POST',
            'CONTENT_TYPE' => 'application/x-www-form-urlencoded',
            'CONTENT_LENGTH' => (string) (HttpRequest::BODY_LIMIT + 1),
        ]), true, 4, JSON_THROW_ON_ERROR);

        self::assertTrue($request['bodyTooLarge']);
        self::assertSame('', $request['body']);
    }
}
