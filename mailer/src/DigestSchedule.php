<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * When the summary of unconfirmed messages may go: once a day at HELD_DIGEST_HOUR, the salon's time (Europe/Warsaw, summer
 * time included). A test may make "the day" shorter (HELD_DIGEST_DAY_SECONDS): then a slot begins every so many
 * seconds and the hour does not matter.
 */
final readonly class DigestSchedule
{
    public const DAY = 86400;

    public function __construct(public int $hour = 8, public int $daySeconds = self::DAY)
    {
    }

    public static function fromConfig(Config $config): self
    {
        return new self($config->heldDigestHour, $config->heldDigestDaySeconds);
    }

    /** The latest slot that has begun by $at. */
    public function slotAt(int $at): int
    {
        if ($this->daySeconds !== self::DAY) {
            return intdiv($at, $this->daySeconds) * $this->daySeconds;
        }
        $local = (new \DateTimeImmutable('@' . $at))->setTimezone(new \DateTimeZone(MessageBuilder::TIMEZONE));
        $slot = $local->setTime($this->hour, 0);
        if ($slot->getTimestamp() > $at) {
            $slot = $local->modify('-1 day')->setTime($this->hour, 0);
        }

        return $slot->getTimestamp();
    }

    /** The first slot after $at: when a message held at $at is due in a summary. */
    public function nextSlotAfter(int $at): int
    {
        if ($this->daySeconds !== self::DAY) {
            return $this->slotAt($at) + $this->daySeconds;
        }
        $slot = (new \DateTimeImmutable('@' . $this->slotAt($at)))->setTimezone(new \DateTimeZone(MessageBuilder::TIMEZONE));

        return $slot->modify('+1 day')->setTime($this->hour, 0)->getTimestamp();
    }
}
