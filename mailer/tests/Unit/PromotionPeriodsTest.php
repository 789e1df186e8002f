<?php

declare(strict_types=1);

namespace Salon\Mailer\Tests\Unit;

use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;
use Salon\Mailer\Health;
use Salon\Mailer\Outbox;
use Salon\Mailer\PromotionPeriods;

/**
 * A promotion the prerendered pages announce stays "current" on them until the site is rebuilt: /health and the
 * deliverer's push name one that has ended or ends within a week, in the salon's calendar days.
 */
#[CoversClass(PromotionPeriods::class)]
#[CoversClass(Health::class)]
final class PromotionPeriodsTest extends TestCase
{
    use TempDirectory;

    protected function setUp(): void
    {
        $this->makeTempDirectory();
    }

    protected function tearDown(): void
    {
        $this->removeTempDirectory();
    }

    /** Noon in Łódź on a day. */
    private static function noon(string $day): int
    {
        return (new \DateTimeImmutable("$day 12:00", new \DateTimeZone('Europe/Warsaw')))->getTimestamp();
    }

    /** A promotions file in the site's shape: four cards and the referral programme. */
    private function file(string $pcaUntil, string $referralUntil = '2027-06-30'): string
    {
        $doc = [
            'title' => 'Promocje',
            'referral' => ['title' => 'Poleć nas', 'period' => ['from' => '2026-11-16', 'until' => $referralUntil]],
            'cards' => [
                ['id' => 'pca', 'name' => 'PCA Skin', 'period' => ['from' => '2026-11-16', 'until' => $pcaUntil]],
                ['id' => 'laser', 'name' => 'Laser', 'period' => ['from' => '2026-11-16', 'until' => '2027-03-31']],
            ],
        ];
        $file = $this->dir . '/promotions.json';
        file_put_contents($file, json_encode($doc, JSON_UNESCAPED_UNICODE));

        return $file;
    }

    public function testNothingToSayWhileEveryPromotionRunsForMoreThanAWeek(): void
    {
        self::assertNull(PromotionPeriods::fromFile($this->file('2027-01-31'))->problem(self::noon('2027-01-20')));
        // Not started yet is no reason to rebuild (the production build refuses such a site itself).
        self::assertNull(PromotionPeriods::fromFile($this->file('2027-01-31'))->problem(self::noon('2026-10-01')));
    }

    public function testAPromotionEndingWithinSevenDaysIsNamedWithItsLastDay(): void
    {
        $promotions = PromotionPeriods::fromFile($this->file('2027-01-31'));
        self::assertNull($promotions->problem(self::noon('2027-01-23')));
        self::assertSame(
            'pca ends on 2027-01-31: rebuild the site without it or with a new period',
            $promotions->problem(self::noon('2027-01-24')),
        );
        self::assertSame(
            'pca ends on 2027-01-31: rebuild the site without it or with a new period',
            $promotions->problem(self::noon('2027-01-31')),
        );
    }

    public function testAPromotionThatEndedIsNamedFromTheNextDayOnInTheSalonsTimeZone(): void
    {
        $promotions = PromotionPeriods::fromFile($this->file('2027-01-31', '2027-02-03'));
        // 23:30 UTC on 31 January is already 1 February in Łódź.
        $lateEvening = (new \DateTimeImmutable('2027-01-31 23:30', new \DateTimeZone('UTC')))->getTimestamp();
        self::assertSame(
            'pca ended on 2027-01-31; referral ends on 2027-02-03: rebuild the site without it or with a new period',
            $promotions->problem($lateEvening),
        );
        self::assertStringStartsWith('pca ends on', (string) $promotions->problem($lateEvening - 3600));
    }

    public function testNoFileIsASiteWithoutPromotionsAndABrokenOneIsSaid(): void
    {
        self::assertNull(PromotionPeriods::fromFile($this->dir . '/none.json')->problem(self::noon('2027-01-31')));
        file_put_contents($this->dir . '/broken.json', '{"cards": [');
        self::assertSame(
            'broken.json is not readable JSON',
            PromotionPeriods::fromFile($this->dir . '/broken.json')->problem(self::noon('2027-01-31')),
        );
    }

    public function testTheSitesOwnFileIsRead(): void
    {
        $doc = json_decode((string) file_get_contents(PromotionPeriods::FILE), true);
        $last = max([$doc['referral']['period']['until'], ...array_map(fn (array $card): string => $card['period']['until'], $doc['cards'])]);
        $after = self::noon($last) + 86_400;

        $problem = (string) PromotionPeriods::fromFile()->problem($after);

        foreach ($doc['cards'] as $card) {
            self::assertStringContainsString($card['id'] . ' ended on ' . $card['period']['until'], $problem);
        }
        self::assertStringContainsString('referral ended on', $problem);
    }

    public function testHealthNamesItByItsCodeSoThePushAsksForARebuild(): void
    {
        mkdir($this->dir . '/outbox', 0700);
        $config = TestConfig::make(['OUTBOX_DIR' => $this->dir . '/outbox', 'OUTBOX_MIN_FREE_MB' => '1']);
        $now = self::noon('2027-02-02');
        $outbox = Outbox::fromConfig($config, fn (): int => $now);
        $health = new Health($config, $outbox, fn (): int => 1 << 40, PromotionPeriods::fromFile($this->file('2027-01-31')));
        $health->beat();

        $problems = $health->problems();

        self::assertSame([Health::PROMOTION_ENDED], array_keys($problems));
        self::assertSame('pca ended on 2027-01-31: rebuild the site without it or with a new period', $problems['promotion-ended']);
        $answer = Health::answer('GET', fn (): array => $health->problems(), $now);
        self::assertSame(503, $answer->status);
        self::assertSame(['promotion-ended'], $answer->data()['problems']);
        // The deliverer's view (no proof-of-work key) pushes it too.
        self::assertArrayHasKey(Health::PROMOTION_ENDED, $health->problems(false));
    }
}
