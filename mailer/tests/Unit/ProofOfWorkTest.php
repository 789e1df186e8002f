<?php

declare(strict_types=1);

namespace Salon\Mailer\Tests\Unit;

use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;
use Salon\Mailer\Config;
use Salon\Mailer\KeyUnusable;
use Salon\Mailer\ProofOfWork;

#[CoversClass(ProofOfWork::class)]
final class ProofOfWorkTest extends TestCase
{
    use TempDirectory;

    private int $now = 1_800_000_000;

    protected function setUp(): void
    {
        $this->makeTempDirectory();
    }

    protected function tearDown(): void
    {
        $this->removeTempDirectory();
    }

    private function pow(string $key = Proofs::KEY): ProofOfWork
    {
        return Proofs::pow($this->dir, fn (): int => $this->now, $key);
    }

    /** @return array<string, mixed> */
    private static function decoded(string $payload): array
    {
        return (array) json_decode((string) base64_decode($payload, true), true);
    }

    /** @param array<string, mixed> $data */
    private static function encoded(array $data): string
    {
        return base64_encode((string) json_encode($data));
    }

    public function testAChallengeIsAltchaShapedSignedAndSolvableWithinItsMaxnumber(): void
    {
        $challenge = $this->pow()->challenge();

        self::assertSame(['algorithm', 'challenge', 'maxnumber', 'salt', 'signature'], array_keys($challenge));
        self::assertSame('SHA-256', $challenge['algorithm']);
        self::assertSame(hash_hmac('sha256', $challenge['challenge'], Proofs::KEY), $challenge['signature']);
        self::assertStringEndsWith('?expires=' . ($this->now + 1200), $challenge['salt']);
        $number = self::decoded(Proofs::solve($challenge))['number'];
        self::assertSame($challenge['challenge'], hash('sha256', $challenge['salt'] . $number));
        self::assertNotEquals($challenge, $this->pow()->challenge(), 'every challenge is new');
    }

    public function testWhatABotPaysPerPostDoesNotFallBelowTwentyFiveThousandHashesOnAverage(): void
    {
        // The endpoint's own challenges (ProofOfWork::fromConfig), as a desktop bot meets them: the number to find is
        // drawn from 0 to maxnumber, so the search costs maxnumber / 2 SHA-256 on average.
        $pow = ProofOfWork::fromConfig(TestConfig::make(['OUTBOX_DIR' => $this->dir]));
        self::assertGreaterThanOrEqual(50_000, $pow->maxNumber);
        $found = [];
        for ($i = 0; $i < 40; $i++) {
            $challenge = $pow->challenge();
            self::assertSame($pow->maxNumber, $challenge['maxnumber']);
            $found[] = (int) self::decoded(Proofs::solve($challenge))['number'];
        }
        // Forty draws: a mean under 15 000 is 4 standard deviations from the 25 000 a full range gives.
        self::assertGreaterThanOrEqual(15_000, array_sum($found) / count($found), 'the number is drawn over the whole range');
        self::assertGreaterThanOrEqual(35_000, max($found));
    }

    public function testASolvedChallengeIsRedeemedOnceAndAReplayIsRefused(): void
    {
        $pow = $this->pow();
        $payload = Proofs::solve($pow->challenge());

        self::assertNull($pow->redeem($payload));
        self::assertSame('replayed', $pow->redeem($payload));
        self::assertSame('replayed', $this->pow()->redeem($payload), 'the record is on disk, shared by every worker');
    }

    public function testNoProofAGarbledOneAWrongNumberAForgedSignatureAndAnotherKeyAreRefused(): void
    {
        $pow = $this->pow();
        $challenge = $pow->challenge();
        $good = self::decoded(Proofs::solve($challenge));

        self::assertSame('missing', $pow->redeem(null));
        self::assertSame('missing', $pow->redeem(''));
        self::assertSame('malformed', $pow->redeem('not base64 at all!'));
        self::assertSame('malformed', $pow->redeem(base64_encode('{"algorithm":"SHA-256"}')));
        self::assertSame('malformed', $pow->redeem(self::encoded(['number' => '1'] + $good)));
        self::assertSame('malformed', $pow->redeem(self::encoded(['algorithm' => 'SHA-1'] + $good)));
        self::assertSame('work', $pow->redeem(self::encoded(['number' => ($good['number'] + 1) % 2001] + $good)));
        // A challenge of the client's own making, with its own "signature": the HMAC key is the server's.
        $salt = 'abc?expires=' . ($this->now + 60);
        $own = hash('sha256', $salt . '7');
        self::assertSame('signature', $pow->redeem(self::encoded(['challenge' => $own, 'salt' => $salt, 'number' => 7, 'signature' => hash('sha256', $own)] + $good)));
        self::assertSame('signature', $this->pow('another-key-0123456789abcdef0123456789')->redeem(Proofs::solve($challenge)));
        self::assertNull($pow->redeem(Proofs::solve($challenge)), 'none of the refusals spent the real one');
    }

    public function testAChallengeExpiresAndItsExpiryCannotBeMovedBecauseTheSaltIsSigned(): void
    {
        $pow = $this->pow();
        $payload = Proofs::solve($pow->challenge());
        $this->now += 1201;

        self::assertSame('expired', $pow->redeem($payload));
        $data = self::decoded($payload);
        $data['salt'] = preg_replace('/expires=\d+/', 'expires=' . ($this->now + 600), $data['salt']);
        self::assertSame('work', $pow->redeem(self::encoded($data)));
    }

    public function testSpentRecordsAreForgottenOnlyOnceTheirChallengeCouldNoLongerBeUsed(): void
    {
        $pow = $this->pow();
        $payload = Proofs::solve($pow->challenge());
        self::assertNull($pow->redeem($payload));
        $record = $this->dir . '/spent/' . self::decoded($payload)['challenge'];
        touch($record, $this->now);

        $this->now += 1200;
        self::assertSame(0, $pow->forgetExpired());
        self::assertSame('replayed', $pow->redeem($payload));
        $this->now += 61;
        self::assertSame(1, $pow->forgetExpired());
        self::assertFileDoesNotExist($record);
        self::assertSame('expired', $pow->redeem($payload));
    }

    public function testWithoutAKeyFileAKeyIsGeneratedOnceIntoTheOutboxOwnerOnly(): void
    {
        $config = TestConfig::make(['OUTBOX_DIR' => $this->dir]);
        $first = ProofOfWork::fromConfig($config);
        $key = (string) file_get_contents($this->dir . '/' . ProofOfWork::GENERATED_KEY_FILE);

        self::assertMatchesRegularExpression('/^[0-9a-f]{64}$/D', $key);
        self::assertSame(0600, fileperms($this->dir . '/' . ProofOfWork::GENERATED_KEY_FILE) & 0777);
        self::assertNull(ProofOfWork::fromConfig($config)->redeem(Proofs::solve($first->challenge())), 'a second worker uses the same key');
    }

    public function testAKeyFileIsReadAndAMissingOrShortOneIsRefusedNamingTheFileNotTheConfiguration(): void
    {
        file_put_contents($this->dir . '/key', str_repeat('k', 40) . "\n");
        $config = TestConfig::make(['OUTBOX_DIR' => $this->dir, 'POW_KEY_FILE' => $this->dir . '/key']);
        $challenge = ProofOfWork::fromConfig($config)->challenge();

        self::assertSame(hash_hmac('sha256', $challenge['challenge'], str_repeat('k', 40)), $challenge['signature']);
        self::assertFileDoesNotExist($this->dir . '/' . ProofOfWork::GENERATED_KEY_FILE);

        // Only the endpoint needs the key: the configuration (and the deliverer's --check) accepts a missing one.
        foreach (['missing' => null, 'short' => 'short', 'empty' => ''] as $name => $content) {
            $content === null || file_put_contents($this->dir . "/$name", $content);
            $config = TestConfig::make(['OUTBOX_DIR' => $this->dir, 'POW_KEY_FILE' => $this->dir . "/$name"]);
            try {
                ProofOfWork::fromConfig($config);
                self::fail("a $name key file was taken");
            } catch (KeyUnusable $e) {
                self::assertStringStartsWith('POW_KEY_FILE ' . $this->dir . "/$name ", $e->getMessage());
            }
        }
    }

    public function testAnEmptyOrShortGeneratedKeyIsReplacedWholeAndAGoodOneKept(): void
    {
        // A crash or a full disk while the key was first written left it empty: every challenge would fail.
        $path = $this->dir . '/' . ProofOfWork::GENERATED_KEY_FILE;
        $config = TestConfig::make(['OUTBOX_DIR' => $this->dir]);
        foreach (['', "0123456789abcdef\n"] as $broken) {
            file_put_contents($path, $broken);

            $pow = ProofOfWork::fromConfig($config);

            self::assertMatchesRegularExpression('/^[0-9a-f]{64}$/D', (string) file_get_contents($path));
            self::assertSame(0600, fileperms($path) & 0777);
            self::assertNull($pow->redeem(Proofs::solve($pow->challenge())));
            self::assertSame(['.pow-key'], array_values(array_filter($this->namesIn($this->dir), static fn (string $n): bool => $n[0] === '.')), 'no temporary file left');
        }
        $key = file_get_contents($path);
        ProofOfWork::fromConfig($config);
        self::assertSame($key, file_get_contents($path), 'a usable key is never replaced');
    }
}
