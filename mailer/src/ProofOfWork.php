<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * The form's proof of work, in ALTCHA's protocol (v1): the page asks GET /contact-challenge for a challenge, finds
 * the number n with SHA-256(salt . n) = challenge in the background (frontend/app/components/ContactForm/proof.ts),
 * and sends {algorithm, challenge, number, salt, signature} as base64 JSON in the X-Contact-Proof header.
 *
 * - The challenge is signed: signature = HMAC-SHA256(key, challenge), so only challenges this server made count.
 * - It expires: the salt carries "?expires=<unix time>", covered by the hash and so by the signature.
 * - It is used once: spend() creates spent/<challenge> with O_EXCL; a second post with the same solution is
 *   "replayed". Spent records are forgotten once their challenge has expired anyway (forgetExpired()).
 *
 * A browser pays ~maxNumber/2 hashes (well under a second) without the visitor noticing; a script that posts
 * without solving gets its message held for review (RequestHandler), never delivered.
 */
final class ProofOfWork
{
    public const ALGORITHM = 'SHA-256';
    public const SPENT_DIR = 'spent';
    /** Where a generated key is kept when POW_KEY_FILE is not set (in the outbox volume, shared by every worker). */
    public const GENERATED_KEY_FILE = '.pow-key';

    /** @var \Closure(): int */
    private readonly \Closure $clock;

    /** @param (\Closure(): int)|null $clock */
    public function __construct(
        #[\SensitiveParameter]
        private readonly string $key,
        private readonly string $spentDir,
        public readonly int $maxNumber = 50_000,
        public readonly int $ttlSeconds = 1200,
        ?\Closure $clock = null,
    ) {
        $this->clock = $clock ?? static fn (): int => time();
    }

    /** The shortest key accepted (64 hex digits are generated). */
    public const KEY_MIN_LENGTH = 32;

    /** @throws KeyUnusable naming the file */
    public static function fromConfig(Config $config): self
    {
        $key = $config->powKeyFile !== '' ? self::keyIn($config->powKeyFile) : self::generatedKey($config->outboxDir . '/' . self::GENERATED_KEY_FILE);

        return new self($key, $config->outboxDir . '/' . self::SPENT_DIR);
    }

    /**
     * A new challenge for the page.
     *
     * @return array{algorithm: string, challenge: string, maxnumber: int, salt: string, signature: string}
     */
    public function challenge(): array
    {
        $salt = bin2hex(random_bytes(12)) . '?expires=' . (($this->clock)() + $this->ttlSeconds);
        $challenge = hash('sha256', $salt . random_int(0, $this->maxNumber));

        return [
            'algorithm' => self::ALGORITHM,
            'challenge' => $challenge,
            'maxnumber' => $this->maxNumber,
            'salt' => $salt,
            'signature' => hash_hmac('sha256', $challenge, $this->key),
        ];
    }

    /**
     * Checks a solution and, if it holds, spends it. Returns null when the post is proven, else why not (a reason
     * code for the log: missing, malformed, signature, work, expired, replayed).
     */
    public function redeem(?string $payload): ?string
    {
        $reason = $this->verify($payload, $challenge);
        if ($reason !== null || $challenge === null) {
            return $reason ?? 'malformed';
        }

        return $this->spend($challenge) ? null : 'replayed';
    }

    /**
     * Checks a solution without spending it.
     *
     * @param-out string|null $challenge the challenge when the solution holds
     */
    private function verify(?string $payload, ?string &$challenge = null): ?string
    {
        $challenge = null;
        if ($payload === null || trim($payload) === '') {
            return 'missing';
        }
        $json = base64_decode(trim($payload), true);
        $data = $json === false || strlen($json) > 1024 ? null : json_decode($json, true, 4);
        if (!is_array($data)) {
            return 'malformed';
        }
        foreach (['algorithm', 'challenge', 'salt', 'signature'] as $field) {
            if (!is_string($data[$field] ?? null)) {
                return 'malformed';
            }
        }
        $number = $data['number'] ?? null;
        if (!is_int($number) || $number < 0 || $number > $this->maxNumber || $data['algorithm'] !== self::ALGORITHM) {
            return 'malformed';
        }
        if (!hash_equals(hash_hmac('sha256', $data['challenge'], $this->key), $data['signature'])) {
            return 'signature';
        }
        if (!hash_equals($data['challenge'], hash('sha256', $data['salt'] . $number))) {
            return 'work';
        }
        if (preg_match('/\?(?:.*&)?expires=(\d{1,12})(?:&|$)/D', $data['salt'], $m) !== 1 || (int) $m[1] < ($this->clock)()) {
            return 'expired';
        }
        $challenge = $data['challenge'];

        return null;
    }

    /** Records the challenge as used; false when it was used before. */
    private function spend(string $challenge): bool
    {
        if (!is_dir($this->spentDir) && !@mkdir($this->spentDir, 0700) && !is_dir($this->spentDir)) {
            error_clear_last();
            throw OutboxUnavailable::because('cannot create', $this->spentDir);
        }
        // The challenge is a SHA-256 in hex (checked against the signature before): a safe file name.
        $handle = @fopen($this->spentDir . '/' . $challenge, 'x');
        error_clear_last();
        if ($handle === false) {
            return false;
        }
        fclose($handle);

        return true;
    }

    /** Deletes spent records older than a challenge can live: their challenges are refused as expired anyway. */
    public function forgetExpired(): int
    {
        $names = is_dir($this->spentDir) ? @scandir($this->spentDir) : false;
        if ($names === false) {
            return 0;
        }
        $limit = ($this->clock)() - $this->ttlSeconds - 60;
        $removed = 0;
        foreach ($names as $name) {
            $path = $this->spentDir . '/' . $name;
            if ($name[0] !== '.' && (int) @filemtime($path) < $limit && @unlink($path)) {
                $removed++;
            }
        }
        error_clear_last();

        return $removed;
    }

    /**
     * Why no key can be had, or null when one can: POW_KEY_FILE must be usable now; the generated key must be, or
     * the outbox must be able to take a new one (ProofOfWork makes or replaces it at its next use). Makes nothing.
     */
    public static function keyProblem(Config $config): ?string
    {
        if ($config->powKeyFile !== '') {
            try {
                self::keyIn($config->powKeyFile);

                return null;
            } catch (KeyUnusable $e) {
                return $e->getMessage();
            }
        }
        $path = $config->outboxDir . '/' . self::GENERATED_KEY_FILE;
        if (self::usableKey($path) !== null || is_writable($config->outboxDir)) {
            return null;
        }

        return "the key $path is missing or short, and the outbox cannot take a new one";
    }

    /** @throws KeyUnusable */
    private static function keyIn(string $path): string
    {
        if (!is_file($path) || !is_readable($path)) {
            throw new KeyUnusable("POW_KEY_FILE $path is not a readable file");
        }

        return self::usableKey($path) ?? throw new KeyUnusable("POW_KEY_FILE $path must hold at least " . self::KEY_MIN_LENGTH . ' characters (e.g. openssl rand -hex 32)');
    }

    private static function usableKey(string $path): ?string
    {
        clearstatcache(true, $path);
        $key = @file_get_contents($path);
        error_clear_last();

        return $key !== false && strlen(trim($key)) >= self::KEY_MIN_LENGTH ? trim($key) : null;
    }

    /**
     * Reads the generated key; makes it when it is missing, and replaces it when it is empty or short (a crash or a
     * full disk while it was written): a new key is written whole to a temporary file, fsync'ed, and only then given
     * the name, by link() where there is none (the first writer wins, every worker then reads that one) or rename()
     * over an unusable one. Owner only.
     *
     * @throws KeyUnusable
     */
    private static function generatedKey(string $path): string
    {
        $key = self::usableKey($path);
        if ($key !== null) {
            return $key;
        }
        $dir = dirname($path);
        $temp = $dir . '/.tmp-pow-key-' . bin2hex(random_bytes(6));
        $handle = @fopen($temp, 'x');
        if ($handle !== false) {
            $written = @chmod($temp, 0600) && @fwrite($handle, bin2hex(random_bytes(32))) === 64 && @fflush($handle) && @fsync($handle);
            fclose($handle);
            if ($written && (file_exists($path) ? @rename($temp, $path) : @link($temp, $path))) {
                $directory = @fopen($dir, 'r');
                if ($directory !== false) {
                    @fsync($directory);
                    fclose($directory);
                }
            }
            @unlink($temp);
        }
        error_clear_last();

        return self::usableKey($path) ?? throw new KeyUnusable("cannot read or make the proof-of-work key $path");
    }
}
