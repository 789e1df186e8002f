<?php

declare(strict_types=1);

namespace Salon\Mailer\Tests\Unit;

use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Salon\Mailer\InvalidConfig;
use Salon\Mailer\OriginPolicy;

#[CoversClass(OriginPolicy::class)]
final class OriginPolicyTest extends TestCase
{
    private static function policy(): OriginPolicy
    {
        return OriginPolicy::fromString('https://aurea-salon.example, http://127.0.0.1:8080');
    }

    /** @return iterable<string, array{?string, ?string}> */
    public static function ownPages(): iterable
    {
        yield 'origin' => ['https://aurea-salon.example', null];
        yield 'origin, case and default port' => ['HTTPS://Aurea-Salon.Example:443', null];
        yield 'second origin with port' => ['http://127.0.0.1:8080', null];
        yield 'referer only' => [null, 'https://aurea-salon.example/kontakt?x=1#f'];
        yield 'origin wins over a foreign referer' => ['https://aurea-salon.example', 'https://elsewhere.example/'];
        yield 'neither header (curl, not a web page)' => [null, null];
        yield 'empty headers count as absent' => ['', ' '];
    }

    #[DataProvider('ownPages')]
    public function testPostsFromTheSitesOwnPagesPass(?string $origin, ?string $referer): void
    {
        self::assertNull(self::policy()->refusal($origin, $referer));
    }

    /** @return iterable<string, array{?string, ?string, string}> */
    public static function otherPages(): iterable
    {
        yield 'another site' => ['https://evil.example', null, 'origin'];
        yield 'lookalike suffix' => ['https://aurea-salon.example.evil.example', null, 'origin'];
        yield 'other scheme' => ['http://aurea-salon.example', null, 'origin'];
        yield 'other port' => ['http://127.0.0.1:8081', null, 'origin'];
        yield 'localhost is another origin' => ['http://localhost:8080', null, 'origin'];
        yield 'opaque origin of a sandboxed frame' => ['null', null, 'origin'];
        yield 'foreign origin, own referer' => ['https://evil.example', 'https://aurea-salon.example/kontakt', 'origin'];
        yield 'garbage origin' => ["https://aurea-salon.example\r\nX: y", null, 'origin'];
        yield 'foreign referer' => [null, 'https://evil.example/page', 'referer'];
        yield 'referer with credentials' => [null, 'https://user:pw@aurea-salon.example/', 'referer'];
        yield 'not http' => [null, 'file:///etc/passwd', 'referer'];
    }

    #[DataProvider('otherPages')]
    public function testPostsFromOtherPagesAreRefused(?string $origin, ?string $referer, string $reason): void
    {
        self::assertSame($reason, self::policy()->refusal($origin, $referer));
    }

    /** @return iterable<string, array{?string, string}> */
    public static function fetchSites(): iterable
    {
        // A browser that strips Origin and Referer (a privacy extension, an old engine) still says where a
        // request comes from in Sec-Fetch-Site.
        yield 'a page on another site' => ['cross-site', 'fetch-site'];
        yield 'another subdomain of the site' => ['same-site', 'fetch-site'];
        yield 'our own page' => ['same-origin', ''];
        yield 'typed or bookmarked' => ['none', ''];
        yield 'no header (curl, an older browser)' => [null, ''];
    }

    #[DataProvider('fetchSites')]
    public function testWithoutOriginAndRefererSecFetchSiteDecides(?string $site, string $reason): void
    {
        self::assertSame($reason === '' ? null : $reason, self::policy()->refusal(null, null, null, $site));
    }

    public function testSecFetchSiteDoesNotOverruleAnOriginThatIsAllowed(): void
    {
        // SITE_ORIGIN may list a front end on another site: its posts are cross-site and allowed by their Origin.
        self::assertNull(self::policy()->refusal('https://aurea-salon.example', null, 'api.example', 'cross-site'));
        self::assertSame('origin', self::policy()->refusal('https://evil.example', null, null, 'same-origin'));
    }

    /** @return iterable<string, array{string}> */
    public static function badSettings(): iterable
    {
        yield 'path' => ['https://aurea-salon.example/kontakt'];
        yield 'no scheme' => ['aurea-salon.example'];
        yield 'ftp' => ['ftp://aurea-salon.example'];
        yield 'credentials' => ['https://a@aurea-salon.example'];
    }

    #[DataProvider('badSettings')]
    public function testSiteOriginMustBeOriginsOnly(string $value): void
    {
        $this->expectException(InvalidConfig::class);
        OriginPolicy::fromString($value);
    }

    /** @return iterable<string, array{?string, ?string, string}> */
    public static function sameHost(): iterable
    {
        yield 'another published port (WEB_PORT=8081)' => ['http://localhost:8081', null, 'localhost:8081'];
        yield 'a phone on the local network' => ['http://192.168.1.20:8080', null, '192.168.1.20:8080'];
        yield 'behind a TLS proxy that passes Host on' => ['https://aurea-salon.pl', null, 'aurea-salon.pl'];
        yield 'Host with the default port spelt out' => ['https://aurea-salon.pl', null, 'aurea-salon.pl:443'];
        yield 'case' => ['http://LocalHost:8081', null, 'localhost:8081'];
        yield 'IPv6' => ['http://[::1]:8080', null, '[::1]:8080'];
        yield 'referer only' => [null, 'http://localhost:8081/kontakt', 'localhost:8081'];
    }

    #[DataProvider('sameHost')]
    public function testPostsFromPagesOfTheHostTheyWereSentToPassWithoutConfiguration(?string $origin, ?string $referer, string $host): void
    {
        self::assertNull(OriginPolicy::fromString('')->refusal($origin, $referer, $host));
    }

    /** @return iterable<string, array{?string, ?string, ?string, string}> */
    public static function otherHost(): iterable
    {
        yield 'another site' => ['https://evil.example', null, 'localhost:8081', 'origin'];
        yield 'another port' => ['http://localhost:8082', null, 'localhost:8081', 'origin'];
        yield 'default port of the page, another in Host' => ['http://localhost', null, 'localhost:8081', 'origin'];
        yield 'https page, Host without port on plain http' => ['https://localhost', null, 'localhost:80', 'origin'];
        yield 'lookalike suffix' => ['http://localhost:8081.evil.example', null, 'localhost:8081', 'origin'];
        yield 'a host that is a suffix' => ['https://evil-aurea-salon.pl', null, 'aurea-salon.pl', 'origin'];
        yield 'opaque origin' => ['null', null, 'localhost:8081', 'origin'];
        yield 'no Host at all' => ['http://localhost:8081', null, null, 'origin'];
        yield 'garbage Host' => ['http://localhost:8081', null, 'localhost:8081/x', 'origin'];
        yield 'foreign referer' => [null, 'https://evil.example/page', 'localhost:8081', 'referer'];
    }

    #[DataProvider('otherHost')]
    public function testPagesOfOtherHostsAreRefused(?string $origin, ?string $referer, ?string $host, string $reason): void
    {
        self::assertSame($reason, OriginPolicy::fromString('')->refusal($origin, $referer, $host));
    }

    public function testSiteOriginAddsOriginsBesideTheHost(): void
    {
        $policy = OriginPolicy::fromString('https://www.aurea-salon.pl');
        self::assertNull($policy->refusal('https://www.aurea-salon.pl', null, 'php:9000'));
        self::assertNull($policy->refusal('http://localhost:8080', null, 'localhost:8080'));
        self::assertSame('origin', $policy->refusal('https://aurea-salon.pl', null, 'php:9000'));
    }

    public function testNoSiteOriginIsAValidSetting(): void
    {
        self::assertSame([], OriginPolicy::fromString(" \n")->allowed);
    }

    public function testATrailingSlashInTheSettingIsForgiven(): void
    {
        self::assertSame(['https://aurea-salon.example'], OriginPolicy::fromString('https://aurea-salon.example/')->allowed);
    }
}
