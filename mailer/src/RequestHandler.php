<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * POST /send-email.php as a pure function of (method, content type, fields) => Response,
 * so every status can be tested without a web server.
 *
 * The frontend reads only the status; the JSON bodies are for people debugging with curl
 * and for a future inline display of field errors. Internal details never reach them.
 */
final class RequestHandler
{
    public const SUCCESS = 'Wiadomość została wysłana. Dziękujemy za kontakt!';
    /** Same text the frontend shows on any failure (spec, section 8). */
    public const SEND_ERROR = 'Wystąpił błąd podczas wysyłania wiadomości. Prosimy spróbować ponownie później.';
    public const METHOD_ERROR = 'Ten adres przyjmuje tylko wysyłkę formularza metodą POST.';
    public const TYPE_ERROR = 'Nieobsługiwany format danych. Wyślij formularz jako multipart/form-data lub application/x-www-form-urlencoded.';
    public const TOO_LARGE_ERROR = 'Wiadomość jest za duża. Skróć ją i spróbuj ponownie.';
    public const VALIDATION_ERROR = 'Formularz zawiera błędy. Popraw zaznaczone pola i spróbuj ponownie.';

    /** PHP fills $_POST only for these two; anything else (JSON...) would look like an empty form. */
    private const ACCEPTED_TYPES = ['multipart/form-data', 'application/x-www-form-urlencoded'];

    /** @var \Closure(string): void */
    private readonly \Closure $log;

    /**
     * @param (\Closure(string): void)|null $log one line per call; defaults to error_log
     */
    public function __construct(
        private readonly Validator $validator,
        private readonly MessageBuilder $builder,
        private readonly MailSender $sender,
        ?\Closure $log = null,
    ) {
        $this->log = $log ?? static function (string $line): void {
            error_log($line);
        };
    }

    /**
     * @param array<array-key, mixed> $post         the parsed body, i.e. $_POST
     * @param bool                    $bodyTooLarge PHP dropped the body (over post_max_size) and left
     *                                              $_POST empty; without this it would read as an empty form
     */
    public function handle(string $method, string $contentType, array $post, bool $bodyTooLarge = false): Response
    {
        if (strtoupper($method) !== 'POST') {
            return self::error(405, self::METHOD_ERROR, ['Allow' => 'POST']);
        }
        // "multipart/form-data; boundary=..." -> "multipart/form-data"
        $mediaType = strtolower(trim(explode(';', $contentType, 2)[0]));
        if (!in_array($mediaType, self::ACCEPTED_TYPES, true)) {
            return self::error(415, self::TYPE_ERROR);
        }
        if ($bodyTooLarge) {
            return self::error(413, self::TOO_LARGE_ERROR);
        }

        if ($this->validator->isHoneypotFilled($post)) {
            ($this->log)('contact-form: honeypot');

            return self::success();
        }

        $result = $this->validator->validate($post);
        if (is_array($result)) {
            return Response::json(422, ['ok' => false, 'error' => self::VALIDATION_ERROR, 'fields' => $result]);
        }

        try {
            $this->sender->send($this->builder->build($result));
        } catch (SendFailed $e) {
            // SendFailed messages are redacted: no addresses, no message text.
            ($this->log)('contact-form: send failed: ' . $e->getMessage());

            return self::error(502, self::SEND_ERROR);
        }

        return self::success();
    }

    private static function success(): Response
    {
        return Response::json(200, ['ok' => true, 'message' => self::SUCCESS]);
    }

    /**
     * @param array<string, string> $headers
     */
    public static function error(int $status, string $error, array $headers = []): Response
    {
        return Response::json($status, ['ok' => false, 'error' => $error], $headers);
    }
}
