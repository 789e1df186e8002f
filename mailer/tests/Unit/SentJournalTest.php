<?php

declare(strict_types=1);

namespace Salon\Mailer\Tests\Unit;

use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;
use Salon\Mailer\Deliverer;
use Salon\Mailer\OutboxEntry;
use Salon\Mailer\SentJournal;

/**
 * A backup restored after its messages were sent: they are back in the outbox, and the deliverer, remembering what
 * SMTP took, removes them without sending them again. The memory holds no more than ids and times, and forgets them
 * after SentJournal::KEEP_DAYS.
 */
#[CoversClass(SentJournal::class)]
#[CoversClass(Deliverer::class)]
final class SentJournalTest extends TestCase
{
    use DelivererFixture;

    /** The outbox's files, as a backup copies them: the message files and their contents. */
    private function snapshot(): array
    {
        $files = [];
        foreach (glob($this->dir . '/*.json') ?: [] as $path) {
            $files[basename($path)] = (string) file_get_contents($path);
        }

        return $files;
    }

    /** The backup's messages written back (docker/backup.sh restore), the journal left as it is. */
    private function restore(array $files): void
    {
        foreach ($files as $name => $json) {
            file_put_contents($this->dir . '/' . $name, $json);
        }
    }

    private function store(string $token): void
    {
        $this->outbox->store(OutboxTest::message($token))->release();
    }

    public function testMessagesSentAfterABackupAreNotSentAgainWhenItIsRestored(): void
    {
        $this->store('a');
        $this->store('b');
        $backup = $this->snapshot();
        self::assertCount(2, $backup);

        $this->now += 600;
        self::assertSame(2, $this->deliverer->runOnce()->sent);
        self::assertCount(2, $this->sender->sent);

        // Restored an hour later, beside a message that arrived since: only that one goes to SMTP.
        $this->now += 3600;
        $this->restore($backup);
        $this->store('c');
        self::assertCount(3, $this->outbox->pending());
        $report = $this->deliverer->runOnce(ignoreSchedule: true);

        $sent = array_map(fn ($m): string => $m->messageId, $this->sender->sent);
        sort($sent);
        $expected = array_map(fn ($t): string => OutboxTest::message($t)->messageId, ['a', 'b', 'c']);
        sort($expected);
        self::assertSame($expected, $sent, 'each once');
        self::assertSame(3, $this->sender->calls);
        self::assertSame([], $this->outbox->pending(), 'the restored copies are removed, not left waiting');
        self::assertSame(3, $report->sent);
    }

    public function testWhatTheJournalHoldsIsTheMessagesIdAndWhenNothingAboutTheVisitor(): void
    {
        $this->store('a');
        $this->deliverer->runOnce();
        $id = (new OutboxEntry(OutboxTest::message('a'), 0))->id();

        $journal = $this->dir . '/' . SentJournal::DIR;
        self::assertSame([$id], array_values(array_filter($this->namesIn($journal), fn ($n) => $n[0] !== '.')));
        self::assertSame('', file_get_contents("$journal/$id"));
        self::assertSame($this->now, filemtime("$journal/$id"));
        self::assertSame([], $this->outbox->pending(), 'dotfolder: never taken for a message');
    }

    public function testIdsAreForgottenAfterKeepDaysAndNotBefore(): void
    {
        $journal = SentJournal::of($this->outbox);
        $old = str_repeat('a', 16);
        $young = str_repeat('b', 16);
        self::assertTrue($journal->record($old));
        $this->now += SentJournal::KEEP_DAYS * 86400 - 3600;
        self::assertTrue($journal->record($young));

        // Forgetting looks once a day: a day later, the first id is past KEEP_DAYS, the second is not.
        self::assertTrue($journal->has($old), 'kept for KEEP_DAYS');
        $this->now += 86400;
        self::assertTrue($journal->record(str_repeat('c', 16)));
        self::assertFalse($journal->has($old));
        self::assertTrue($journal->has($young));
    }

    public function testAJournalThatCannotBeWrittenDoesNotStopDelivery(): void
    {
        // A file where the folder should be: nothing can be noted, the message is still sent and removed once.
        file_put_contents($this->dir . '/' . SentJournal::DIR, '');
        $this->store('a');

        self::assertSame(1, $this->deliverer->runOnce()->sent);
        self::assertSame([], $this->outbox->pending());
        self::assertFalse(SentJournal::of($this->outbox)->record(str_repeat('d', 16)));
        self::assertFalse(SentJournal::of($this->outbox)->has('../../etc/passwd'), 'only ids are looked up');
    }
}
