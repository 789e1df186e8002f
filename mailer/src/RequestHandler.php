<?php

declare(strict_types=1);

namespace Salon\Mailer;

/**
 * POST /send-email.php as a plain function of the request => Response, so every status can be tested
 * without a web server, plus the delivery attempt that runs after the answer has gone out.
 *
 * Order of the checks: method (405), origin (403), content type (415), size (413), shape of the body (400), fields
 * (422). A valid message with a valid proof of work (ProofOfWork, spent here: once only) and the trap field empty is
 * stored in the outbox, and only once it is stored does the visitor get 200 ("sent"). Any other valid message (no
 * proof: JavaScript off, the solver failed, a script; a forged, expired or reused proof; the trap filled, perhaps by
 * a browser's autofill) is held (HeldMessages) and its sender asked one question (Confirmation) instead of being
 * told "sent": a post carrying the token and the right answer puts it into the queue and is answered as sent; a
 * wrong answer gets another question. If it cannot be stored, 503 and the red box: never a false success (with its
 * own message when the outbox is full or the disk nearly so).
 *
 * The frontend decides by the status; the JSON adds a message per field for the form to show, or the question (428).
 * A plain form post (a browser that asks for text/html: JavaScript off, or the page's scripts never ran) gets the
 * same checks, the same outbox and the same statuses as pages instead: 303 to the confirmation page on success, the
 * question as a page (ConfirmationPage), a page saying what to fix on a refusal (RefusalPage). Once the body is read,
 * all of it is in the language of the page the form was on (Words: the form's hidden field), the confirmation page
 * too (/uk/kontakt/wyslano); the refusals before it are Polish. Internal details never reach a response.
 */
final class RequestHandler
{
    /** The Polish of Words' texts that the code and the tests name. */
    public const SUCCESS = Words::PL['success'];
    /** Same text the frontend shows on any failure (ContactForm.tsx). */
    public const SEND_ERROR = Words::PL['sendError'];
    public const METHOD_ERROR = 'Ten adres przyjmuje tylko wysyłkę formularza metodą POST.';
    /** 405 of GET /contact-challenge (the form's proof of work) to any other method. */
    public const CHALLENGE_METHOD_ERROR = 'Ten adres podaje formularzowi zadanie zabezpieczające i przyjmuje tylko metodę GET.';
    public const ORIGIN_ERROR = 'Wiadomość można wysłać tylko formularzem z naszej strony.';
    public const TYPE_ERROR = 'Nieobsługiwany format danych. Wyślij formularz jako multipart/form-data lub application/x-www-form-urlencoded.';
    public const TOO_LARGE_ERROR = 'Wiadomość jest za duża. Skróć ją i spróbuj ponownie.';
    public const MALFORMED_ERROR = 'Nieprawidłowe dane formularza. Odśwież stronę i spróbuj ponownie.';
    public const VALIDATION_ERROR = Words::PL['validation'];
    /** The outbox takes nothing for now (too many waiting, disk nearly full); it clears by itself. */
    public const OUTBOX_FULL_ERROR = Words::PL['outboxFull'];
    /** Why a message waits for the question to be answered (JSON's error, the page's introduction). */
    public const CONFIRM_NEEDED = Words::PL['confirmNeeded'];
    public const CONFIRM_WRONG = Words::PL['confirmWrong'];
    public const CONFIRM_EMPTY = Words::PL['confirmEmpty'];
    /** Nothing to confirm (already sent, deleted, too many wrong answers): she is told so, never "sent". */
    public const CONFIRM_GONE = Words::PL['confirmGone'];
    /** The confirmation's fields: the token (hidden) and the answer. */
    public const TOKEN_FIELD = 'confirmation';
    public const ANSWER_FIELD = 'answer';
    /** 405 as a page: someone opened the address itself in the browser. */
    public const METHOD_PAGE_ERROR = 'Ten adres służy tylko do wysyłania formularza kontaktowego. Formularz znajdziesz na stronie Kontakt.';
    /**
     * Where a plain form post is sent once its message is stored: the prerendered confirmation page (its route:
     * frontend/app/site/routeTable.ts; tests/built/routes.test.ts checks that the two agree), in the page's language
     * by the route table's rule (Words::path: /uk/kontakt/wyslano).
     */
    public const SENT_PAGE = '/kontakt/wyslano';

    private const ACCEPTED_TYPES = ['multipart/form-data', 'application/x-www-form-urlencoded'];

    /** @var \Closure(string): void */
    private readonly \Closure $log;

    /** The message just stored, still locked by this process, to be sent after the response. */
    private ?Claim $pending = null;
    /** Whether that message is to be sent by this request (its attempt is counted already) or left to the deliverer. */
    private bool $sendNow = false;

    /**
     * @param (\Closure(string): void)|null $log one line per outcome; defaults to the error log
     */
    public function __construct(
        private readonly Validator $validator,
        private readonly MessageBuilder $builder,
        private readonly Outbox $outbox,
        private readonly Deliverer $deliverer,
        private readonly OriginPolicy $origins,
        /** Null when its key cannot be had (KeyUnusable): every post is then held, none refused or lost. */
        private readonly ?ProofOfWork $proof,
        ?\Closure $log = null,
    ) {
        $this->log = $log ?? EventLog::toErrorLog();
    }

    public function handle(HttpRequest $request): Response
    {
        $page = $request->wantsPage();
        if (strtoupper($request->method) !== 'POST') {
            return $this->reject('method', 405, $page ? self::METHOD_PAGE_ERROR : self::METHOD_ERROR, ['Allow' => 'POST'], page: $page);
        }
        $refusal = $this->origins->refusal($request->origin, $request->referer, $request->host, $request->fetchSite);
        if ($refusal !== null) {
            return $this->reject($refusal, 403, self::ORIGIN_ERROR, page: $page);
        }
        // "multipart/form-data; boundary=..." -> "multipart/form-data"
        $mediaType = strtolower(trim(explode(';', $request->contentType, 2)[0]));
        if (!in_array($mediaType, self::ACCEPTED_TYPES, true)) {
            return $this->reject('content-type', 415, self::TYPE_ERROR, page: $page);
        }
        if ($request->bodyTooLarge || strlen($request->body) > HttpRequest::BODY_LIMIT) {
            return $this->reject('too-large', 413, self::TOO_LARGE_ERROR, page: $page);
        }
        try {
            $fields = FormBody::parse($request->contentType, $request->body);
        } catch (MalformedBody $e) {
            return $this->reject('malformed', 400, self::MALFORMED_ERROR, [], ['detail' => $e->getMessage()], $page);
        }
        $words = Words::of($fields);
        if (array_key_exists(self::TOKEN_FIELD, $fields)) {
            return $this->confirm($fields, $page, $words);
        }

        $result = $this->validator->validate($fields);
        if (is_array($result)) {
            ($this->log)(EventLog::line('rejected', ['reason' => 'validation', 'fields' => implode(',', array_keys($result))]));

            return self::error(422, $words->text('validation'), [], $page, $result, $words);
        }

        $message = $this->builder->build($result);
        $unproven = match (true) {
            $this->validator->isTrapFilled($fields) => 'trap',
            $this->proof === null => 'no-key',
            default => $this->proof->redeem($request->proof),
        };
        if ($unproven !== null) {
            return $this->hold($message, $result, $unproven, $page, $words);
        }

        // A delivery just found SMTP away: do not tie up this worker for SMTP_TIMEOUT; the deliverer retries.
        $sendNow = !$this->outbox->smtp->looksDown();
        try {
            $claim = $this->outbox->store($message, attemptNow: $sendNow, visitor: $result);
        } catch (OutboxFull | OutboxUnavailable $e) {
            return $this->outboxRefused($e, $page, $words);
        }
        ($this->log)(EventLog::line('stored', ['id' => $claim->entry?->id() ?? '']));
        $this->pending = $claim;
        $this->sendNow = $sendNow;

        return self::success($page, $words);
    }

    /**
     * GET /contact-challenge (nginx passes SALON_ENDPOINT=challenge): a new proof-of-work challenge for the form.
     */
    public function challenge(HttpRequest $request): Response
    {
        if (strtoupper($request->method) !== 'GET') {
            return $this->reject('method', 405, self::CHALLENGE_METHOD_ERROR, ['Allow' => 'GET']);
        }
        if ($this->proof === null) {
            // The page then posts without a proof, and the post is held: kept, confirmed, in the salon's digest.
            return self::error(503, self::SEND_ERROR, ['Retry-After' => '60']);
        }

        return Response::json(200, $this->proof->challenge());
    }

    /** A valid message without a valid proof of work, or with the trap filled: held, and its sender asked to confirm it. */
    private function hold(OutgoingMessage $message, ContactMessage $visitor, string $reason, bool $page, Words $words): Response
    {
        try {
            $held = $this->outbox->held->hold($message, $visitor);
        } catch (OutboxFull $e) {
            ($this->log)(EventLog::line('refused', ['reason' => $e->reason, 'proof' => $reason] + $e->details));

            return self::error(503, $words->text('outboxFull'), ['Retry-After' => '300'], $page, [], $words);
        } catch (OutboxUnavailable $e) {
            ($this->log)(EventLog::line('error', ['reason' => 'outbox-unwritable', 'detail' => $e->getMessage()]));

            return self::error(503, $words->text('sendError'), ['Retry-After' => '60'], $page, [], $words);
        }
        ($this->log)(EventLog::line('held', ['id' => $held->id, 'proof' => $reason]));

        return self::question(428, $held->token, $held->confirmation, $words->text('confirmNeeded'), $page, $words);
    }

    /**
     * A post answering a held message's question: right, the message goes into the queue and is sent after the
     * answer (as a stored one is); wrong or empty, another question (or the same one); nothing to confirm, 410.
     *
     * @param array<string, string|list<string>> $fields
     */
    private function confirm(array $fields, bool $page, Words $words): Response
    {
        $token = is_string($fields[self::TOKEN_FIELD]) ? trim($fields[self::TOKEN_FIELD]) : '';
        $answer = $fields[self::ANSWER_FIELD] ?? '';
        $answer = is_string($answer) && mb_check_encoding($answer, 'UTF-8') ? mb_substr($answer, 0, 40, 'UTF-8') : '';
        try {
            if (trim($answer) === '') {
                $asked = $this->outbox->held->asked($token);

                return $asked === null
                    ? $this->reject('confirm-gone', 410, $words->text('confirmGone'), page: $page, words: $words)
                    : self::question(422, $token, $asked, $words->text('confirmEmpty'), $page, $words);
            }
            $this->outbox->ensureRoom();
            $outcome = $this->outbox->held->confirm($token, $answer);
        } catch (OutboxFull | OutboxUnavailable $e) {
            return $this->outboxRefused($e, $page, $words);
        }
        if ($outcome->kind === ConfirmationOutcome::WRONG && $outcome->next !== null) {
            ($this->log)(EventLog::line('confirm-wrong', ['id' => $outcome->id]));

            return self::question(422, $token, $outcome->next, $words->text('confirmWrong'), $page, $words);
        }
        if ($outcome->kind !== ConfirmationOutcome::CONFIRMED) {
            return $this->reject('confirm-gone', 410, $words->text('confirmGone'), [], $outcome->id === '' ? [] : ['id' => $outcome->id], $page, $words);
        }
        ($this->log)(EventLog::line('confirmed', ['id' => $outcome->id]));
        $claim = $this->outbox->claim($outcome->path);
        if ($claim !== null && $claim->entry !== null && !$this->outbox->smtp->looksDown()) {
            // Sent after the answer, as a stored message is; the deliverer has it otherwise.
            $this->pending = $claim;
            $this->sendNow = true;
        } else {
            $claim?->release();
        }

        return self::success($page, $words);
    }

    /**
     * Sends the message stored by handle(), if any: called after the response went out
     * (fastcgi_finish_request), so the visitor never waits for SMTP. If the attempt fails, or the process dies
     * meanwhile, the message stays in the outbox for the deliverer.
     */
    public function afterResponse(): void
    {
        $claim = $this->pending;
        $this->pending = null;
        if ($claim === null) {
            return;
        }
        if (!$this->sendNow) {
            $claim->release();
            ($this->log)(EventLog::line('deferred', ['id' => $claim->entry?->id() ?? '', 'reason' => 'smtp-down']));

            return;
        }
        // A stored message's first attempt is on file already; a confirmed one's is not.
        $this->deliverer->deliver($claim, counted: ($claim->entry?->attempts ?? 0) > 0);
    }

    /**
     * @param array<string, string>     $headers
     * @param array<string, string|int> $logFields
     */
    private function reject(string $reason, int $status, string $error, array $headers = [], array $logFields = [], bool $page = false, ?Words $words = null): Response
    {
        ($this->log)(EventLog::line('rejected', ['reason' => $reason] + $logFields));

        return self::error($status, $error, $headers, $page, [], $words);
    }

    /** The outbox cannot take the message (full, disk low, unwritable): 503, nothing stored, the reason logged. */
    private function outboxRefused(OutboxFull|OutboxUnavailable $e, bool $page, Words $words): Response
    {
        if ($e instanceof OutboxFull) {
            ($this->log)(EventLog::line('error', ['reason' => $e->reason] + $e->details));

            return self::error(503, $words->text('outboxFull'), ['Retry-After' => '300'], $page, [], $words);
        }
        ($this->log)(EventLog::line('error', ['reason' => 'outbox-unwritable', 'detail' => $e->getMessage()]));

        return self::error(503, $words->text('sendError'), ['Retry-After' => '60'], $page, [], $words);
    }

    /** The question for a held message: a page, or JSON for the form to show it in place. */
    private static function question(int $status, string $token, Confirmation $asked, string $why, bool $page, Words $words): Response
    {
        if ($page) {
            // The first question is the page the post leads to (200); a repeated one says what was wrong (422).
            return Response::html($status === 428 ? 200 : $status, ConfirmationPage::render($token, $asked->question($words), $why, $status !== 428, $words));
        }

        return Response::json($status, ['ok' => false, 'error' => $why, 'confirm' => [
            'token' => $token,
            'question' => $asked->question($words),
            'hint' => $words->text('confirmHint'),
            'title' => $words->text('confirmTitle'),
            'submit' => $words->text('confirmSubmit'),
        ]]);
    }

    private static function success(bool $page, Words $words): Response
    {
        return $page ? Response::seeOther($words->path(self::SENT_PAGE)) : Response::json(200, ['ok' => true, 'message' => $words->text('success')]);
    }

    /**
     * @param array<string, string> $headers
     * @param array<string, string> $fields  field name => message (422)
     * @param bool                  $page    a page for a plain form post instead of JSON
     * @param Words|null            $words   the page's language (a page's title, labels and links); Polish when null
     */
    public static function error(int $status, string $error, array $headers = [], bool $page = false, array $fields = [], ?Words $words = null): Response
    {
        if ($page) {
            return Response::html($status, RefusalPage::render($status, $error, $fields, $words), $headers);
        }

        return Response::json($status, ['ok' => false, 'error' => $error] + ($fields === [] ? [] : ['fields' => $fields]), $headers);
    }
}
