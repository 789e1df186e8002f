<?php

declare(strict_types=1);

namespace Salon\Mailer\Tests\Unit;

use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;
use Salon\Mailer\Claim;
use Salon\Mailer\Outbox;
use Salon\Mailer\SmtpHealth;
use Salon\Mailer\Spool;
use Salon\Mailer\OutboxLimits;
use Salon\Mailer\OutboxEntry;
use Salon\Mailer\OutboxUnavailable;
use Salon\Mailer\OutgoingMessage;

#[CoversClass(Outbox::class)]
#[CoversClass(OutboxEntry::class)]
#[CoversClass(Claim::class)]
#[CoversClass(OutboxUnavailable::class)]
#[CoversClass(OutgoingMessage::class)]
final class OutboxTest extends TestCase
{
    use TempDirectory;
    use AsUnprivilegedUser;

    private int $now = 1_750_000_000;

    protected function setUp(): void
    {
        $this->makeTempDirectory();
    }

    protected function tearDown(): void
    {
        $this->removeTempDirectory();
    }

    private function outbox(int $retryHours = 120, int $retrySeconds = 60): Outbox
    {
        return new Outbox($this->dir, new OutboxLimits(retryHours: $retryHours, retrySeconds: $retrySeconds), fn (): int => $this->now);
    }

    public static function message(string $token = 'a'): OutgoingMessage
    {
        return new OutgoingMessage(
            from: 'formularz@salon.test',
            fromName: 'Strona salonu',
            to: 'recepcja@salon.test',
            replyTo: 'gosc@example.com',
            replyToName: 'Zażółć Gęślą',
            subject: 'Wiadomość ze strony od Zażółć Gęślą',
            body: "Zażółć gęślą jaźń\n„cudzysłów” $token\n",
            messageId: '<' . md5($token) . '@salon.test>',
            date: 'Sun, 15 Jun 2025 17:06:40 +0200',
        );
    }

    public function testStoreWritesOneCompleteJsonFileAndNoTemporaryOnes(): void
    {
        $claim = $this->outbox()->store(self::message());
        $claim->release();

        self::assertSame([basename($claim->path)], $this->namesIn($this->dir), 'no .tmp- file left behind');
        self::assertMatchesRegularExpression('/^20250615T150640Z-[0-9a-f]{16}\.json$/', basename($claim->path));
        self::assertSame(0600, fileperms($claim->path) & 0777, 'a person\'s message: owner only');
        $stored = OutboxEntry::fromJson((string) file_get_contents($claim->path));
        self::assertEquals(self::message(), $stored->message, 'the mail is stored exactly, Polish letters included');
        self::assertSame(0, $stored->attempts);
        self::assertSame($this->now, $stored->nextAttemptAt, 'a new message is due at once');
        self::assertStringContainsString('Zażółć gęślą jaźń', (string) file_get_contents($claim->path));
    }

    public function testTheIdIsOpaqueAndFollowsTheMessageId(): void
    {
        $entry = new OutboxEntry(self::message(), $this->now);

        self::assertSame(substr(hash('sha256', self::message()->messageId), 0, 16), $entry->id());
        self::assertStringNotContainsString('salon.test', $entry->id());
    }

    public function testAStoredMessageIsHeldByItsWriterUntilReleased(): void
    {
        $outbox = $this->outbox();
        $claim = $outbox->store(self::message());

        self::assertNull($outbox->claim($claim->path), 'a deliverer cannot take what the request is about to send');
        $claim->release();
        $second = $outbox->claim($claim->path);
        self::assertNotNull($second);
        self::assertNull($outbox->claim($claim->path), 'nor can a second deliverer');
        self::assertSame(self::message()->messageId, $second->entry?->message->messageId);
        $second->release();
    }

    public function testAClaimOnAFileThatWasSentMeanwhileIsRefused(): void
    {
        $outbox = $this->outbox();
        $claim = $outbox->store(self::message());
        // Another process opened the file before it was sent and removed...
        $late = fopen($claim->path, 'r');
        $outbox->markSent($claim);

        self::assertFileDoesNotExist($claim->path);
        // ...and gets its lock only on the removed file: the identity check must refuse it.
        self::assertNull($outbox->claimHandle($claim->path, $late), 'a removed message is never sent a second time');
        self::assertFalse(is_resource($late), 'the dead handle is closed');
        self::assertNull($outbox->claim($claim->path));
    }

    public function testAClaimOnAFileThatWasRescheduledMeanwhileIsRefused(): void
    {
        $outbox = $this->outbox();
        $first = $outbox->store(self::message());
        $first->release();
        $claim = $outbox->claim($first->path);
        self::assertNotNull($claim);
        // A process that opened the old file before the reschedule replaced it...
        $oldHandle = fopen($first->path, 'r');
        $outbox->reschedule($claim, 'SMTP down');
        // ...would lock the old inode (attempts 0, due now): claim() compares it with the file at the path.
        self::assertNull($outbox->claimHandle($first->path, $oldHandle), 'a stale copy is never taken for the entry');
        self::assertFalse(is_resource($oldHandle));
        $this->now += 3600;
        $fresh = (new Outbox($this->dir, new OutboxLimits(retrySeconds: 60), fn (): int => $this->now))->claim($first->path);
        self::assertNotNull($fresh);
        self::assertSame(1, $fresh->entry?->attempts);
        $fresh->release();
    }

    public function testMarkSentRemovesTheFile(): void
    {
        $outbox = $this->outbox();
        $claim = $outbox->store(self::message());
        $outbox->markSent($claim);

        self::assertSame([], $outbox->pending());
        self::assertSame([], $this->namesIn($this->dir));
    }

    public function testBackoffDoublesFromTheBaseAndIsCapped(): void
    {
        $outbox = $this->outbox(20, 60);

        // Capped at an hour, so a repaired server is used within the hour even without the deliverer's probe.
        self::assertSame(
            [60, 120, 240, 480, 960, 1920, 3600, 3600, 3600, 3600],
            array_map($outbox->retryDelay(...), range(1, 10)),
        );
        self::assertSame(3600, $outbox->retryDelay(100), 'no overflow for a large count');
        self::assertSame(86400, (new Outbox($this->dir, new OutboxLimits(retrySeconds: 86400)))->retryDelay(3), 'a base above the cap is the cap');
    }

    public function testRescheduleCountsTheAttemptAndStoresTheNextTimeKeepingTheMessageId(): void
    {
        $outbox = $this->outbox(10, 60);
        $claim = $outbox->store(self::message());
        $path = $claim->path;

        $expected = [1 => 60, 2 => 120, 3 => 240];
        foreach ($expected as $attempt => $delay) {
            $entry = $outbox->reschedule($claim, 'SMTP Error: Could not connect to SMTP host.');
            self::assertSame($attempt, $entry->attempts);
            self::assertSame($this->now + $delay, $entry->nextAttemptAt);
            $onDisk = OutboxEntry::fromJson((string) file_get_contents($path));
            self::assertSame($attempt, $onDisk->attempts);
            self::assertSame($this->now + $delay, $onDisk->nextAttemptAt);
            self::assertSame('SMTP Error: Could not connect to SMTP host.', $onDisk->lastError);
            self::assertEquals(self::message(), $onDisk->message, 'same Message-ID, same Date, same text on every retry');
            self::assertSame([basename($path)], $this->namesIn($this->dir));
            $claim = $outbox->claim($path);
            self::assertNotNull($claim);
        }
        $claim->release();
    }

    public function testAMessageIsRetriedUntilItsTimeIsUpAndThenKeptInFailed(): void
    {
        $outbox = $this->outbox(retryHours: 1);
        $claim = $outbox->store(self::message());
        $name = basename($claim->path);
        for ($minute = 0; $minute < 60; $minute += 20) {
            $entry = $outbox->reschedule($claim, 'SMTP down');
            self::assertNotSame(0, $entry->nextAttemptAt, "retried again after $minute minutes");
            $claim = $outbox->claim($this->dir . '/' . $name) ?? self::fail('entry vanished');
            $this->now += 20 * 60;
        }
        $entry = $outbox->reschedule($claim, 'SMTP down');

        self::assertSame(4, $entry->attempts);
        self::assertSame(0, $entry->nextAttemptAt, 'an hour after it was stored, its failure gives up');
        self::assertSame([], $outbox->pending());
        self::assertSame([$this->dir . '/failed/' . $name], $outbox->failed->paths());
        // People's messages: nobody but the outbox's owner may list or read them (whatever the umask).
        self::assertSame(0700, fileperms($this->dir . '/failed') & 0777);
        $kept = OutboxEntry::fromJson((string) file_get_contents($this->dir . '/failed/' . $name));
        self::assertSame(4, $kept->attempts);
        self::assertSame(OutboxEntry::EXPIRED, $kept->gaveUp);
        self::assertEquals(self::message(), $kept->message, 'kept whole, never dropped');
    }

    public function testFailedMessagesCanBePutBackWithAttemptsResetAndANewRoundOfRetries(): void
    {
        $outbox = $this->outbox(retryHours: 1);
        $claim = $outbox->store(self::message());
        $this->now += 3600;
        $outbox->reschedule($claim, 'SMTP down');
        self::assertCount(1, $outbox->failed->paths());

        $this->now += 7200;
        self::assertSame(1, $outbox->failed->requeue());

        self::assertSame([], $outbox->failed->paths());
        self::assertCount(1, $outbox->pending());
        $entry = OutboxEntry::fromJson((string) file_get_contents($outbox->pending()[0]));
        self::assertSame(0, $entry->attempts);
        self::assertSame($this->now, $entry->nextAttemptAt);
        self::assertSame($this->now, $entry->queuedAt);
        self::assertSame('', $entry->gaveUp);
        self::assertSame(self::message()->messageId, $entry->message->messageId);
        $again = $outbox->reschedule($outbox->claim($outbox->pending()[0]) ?? self::fail('not claimed'), 'SMTP down');
        self::assertNotSame(0, $again->nextAttemptAt, 'its time counts again from when it was put back');
    }

    public function testPendingListsEntriesOldestFirstAndIgnoresDotfiles(): void
    {
        $outbox = $this->outbox();
        $outbox->store(self::message('a'))->release();
        $this->now += 5;
        $outbox->store(self::message('b'))->release();
        $this->now -= 10;
        $outbox->store(self::message('c'))->release();
        touch($this->dir . '/.tmp-0123456789abcdef');
        $outbox->smtp->noteDown();

        $tokens = array_map(
            static fn (string $path): string => substr(OutboxEntry::fromJson((string) file_get_contents($path))->message->body, -2, 1),
            $outbox->pending(),
        );
        self::assertSame(['c', 'a', 'b'], $tokens);
    }

    public function testAnUnwritableOutboxThrowsAndLeavesNothing(): void
    {
        $missing = new Outbox($this->dir . '/missing');
        try {
            $missing->store(self::message());
            self::fail('expected OutboxUnavailable');
        } catch (OutboxUnavailable $e) {
            self::assertStringContainsString('cannot create a file in ' . $this->dir . '/missing', $e->getMessage());
            self::assertStringContainsString('No such file or directory', $e->getMessage());
            self::assertStringNotContainsString('gosc@example.com', $e->getMessage());
        }

        // A path that is a file, not a directory (a mount gone wrong).
        touch($this->dir . '/not-a-dir');
        $this->expectException(OutboxUnavailable::class);
        (new Outbox($this->dir . '/not-a-dir'))->store(self::message());
    }

    public function testAReadOnlyOutboxThrowsAndNothingIsStored(): void
    {
        chmod($this->dir, 0555);
        try {
            $result = self::storeAsUnprivilegedUser($this->dir);
        } finally {
            chmod($this->dir, 0700);
        }

        self::assertSame("OutboxUnavailable: cannot create a file in {$this->dir}: Permission denied", $result);
        self::assertSame([], $this->namesIn($this->dir));
    }

    private static function storeAsUnprivilegedUser(string $dir): string
    {
        return self::asUnprivilegedUser($dir, static function () use ($dir): string {
            try {
                (new Outbox($dir))->store(self::message())->release();

                return 'stored';
            } catch (OutboxUnavailable $e) {
                return 'OutboxUnavailable: ' . $e->getMessage();
            }
        }, [Outbox::class, OutboxLimits::class, \Salon\Mailer\Spool::class, \Salon\Mailer\HeldMessages::class, \Salon\Mailer\FailedMessages::class, \Salon\Mailer\SmtpHealth::class, OutboxUnavailable::class, OutboxEntry::class, Claim::class, OutgoingMessage::class, \Salon\Mailer\SendFailed::class, \Salon\Mailer\OutboxFull::class]);
    }

    public function testAnUnreadableEntryIsClaimedWithItsProblemAndCanBeMovedToFailed(): void
    {
        $outbox = $this->outbox();
        file_put_contents($this->dir . '/20250101T000000Z-broken.json', '{"version":1,"message":');

        $claim = $outbox->claim($this->dir . '/20250101T000000Z-broken.json');
        self::assertNotNull($claim);
        self::assertNull($claim->entry);
        self::assertStringStartsWith('not JSON', $claim->problem);
        $outbox->failed->keep($claim);
        self::assertSame([$this->dir . '/failed/20250101T000000Z-broken.json'], $outbox->failed->paths());
    }

    public function testStaleTemporaryFilesAreRemovedFreshOnesKept(): void
    {
        $outbox = $this->outbox();
        touch($this->dir . '/.tmp-old', $this->now - Spool::STALE_TEMP_SECONDS - 1);
        touch($this->dir . '/.tmp-new', $this->now - 5);

        self::assertSame(1, $outbox->removeStaleTemporaryFiles());
        self::assertSame(['.tmp-new'], $this->namesIn($this->dir));
    }

    public function testFailedKeepsMessagesForTheRetentionPeriodCountedFromWhenTheSalonWasTold(): void
    {
        $outbox = new Outbox($this->dir, new OutboxLimits(retrySeconds: 60, failedDays: 30), fn (): int => $this->now);
        mkdir($this->dir . '/failed', 0700);
        $sentAt = static fn (int $t): string => gmdate('Ymd\THis\Z', $t);
        $keep = $this->dir . '/failed/' . $sentAt($this->now - 90 * 86400) . '-0123456789abcdef.json';
        $drop = $this->dir . '/failed/' . $sentAt($this->now - 31 * 86400) . '-fedcba9876543210.json';
        $untold = $this->dir . '/failed/' . $sentAt($this->now - 90 * 86400) . '-00000000000000aa.json';
        // Not named by the outbox (put there by hand): known by its name.
        $stray = $this->dir . '/failed/stray.json';
        foreach ([$keep, $drop, $untold, $stray] as $path) {
            file_put_contents($path, '{}');
        }
        $told = [
            '0123456789abcdef' => $this->now - 30 * 86400,
            'fedcba9876543210' => $this->now - 30 * 86400 - 1,
            'stray' => $this->now - 31 * 86400,
        ];

        self::assertSame(['fedcba9876543210', 'stray'], $outbox->failed->expire($told));
        self::assertSame([$untold, $keep], $outbox->failed->paths());
    }

    public function testSmtpDownMarkerExpires(): void
    {
        $outbox = $this->outbox();
        self::assertFalse($outbox->smtp->looksDown());
        $outbox->smtp->noteDown();
        self::assertTrue($outbox->smtp->looksDown());
        $this->now += SmtpHealth::DOWN_SECONDS + 1;
        self::assertFalse($outbox->smtp->looksDown());
        $outbox->smtp->noteDown();
        $outbox->smtp->noteUp();
        self::assertFalse($outbox->smtp->looksDown());
    }

    public function testEntriesOfAnotherFormatAreRefused(): void
    {
        $this->expectException(\UnexpectedValueException::class);
        OutboxEntry::fromJson('{"version":2,"message":{}}');
    }
}
