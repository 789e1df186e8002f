<?php

declare(strict_types=1);

namespace Salon\Mailer\Tests\Unit;

use Salon\Mailer\ProofOfWork;

/** Proofs of work for the tests: a small maxnumber, and a solver doing what the page's script does. */
final class Proofs
{
    public const KEY = 'test-key-0123456789abcdef0123456789abcdef';

    /** @param (\Closure(): int)|null $clock */
    public static function pow(string $outboxDir, ?\Closure $clock = null, string $key = self::KEY): ProofOfWork
    {
        return new ProofOfWork($key, $outboxDir . '/' . ProofOfWork::SPENT_DIR, 2000, 1200, $clock);
    }

    /**
     * The X-Contact-Proof header for a challenge, as frontend/app/components/ContactForm/proof.ts sends it.
     *
     * @param array{algorithm: string, challenge: string, maxnumber: int, salt: string, signature: string} $challenge
     */
    public static function solve(array $challenge, ?int $number = null): string
    {
        for ($n = 0; $number === null && $n <= $challenge['maxnumber']; $n++) {
            if (hash('sha256', $challenge['salt'] . $n) === $challenge['challenge']) {
                $number = $n;
            }
        }
        if ($number === null) {
            throw new \LogicException('no solution');
        }

        return base64_encode((string) json_encode([
            'algorithm' => $challenge['algorithm'],
            'challenge' => $challenge['challenge'],
            'number' => $number,
            'salt' => $challenge['salt'],
            'signature' => $challenge['signature'],
        ]));
    }
}
