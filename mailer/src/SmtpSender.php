<?php

declare(strict_types=1);

namespace Salon\Mailer;

use PHPMailer\PHPMailer\Exception as MailerException;
use PHPMailer\PHPMailer\PHPMailer;
use PHPMailer\PHPMailer\SMTP;

/**
 * Sends through an SMTP server with PHPMailer, configured only from Config.
 *
 * PHPMailer builds the message and opens the session (TLS, login); the transaction itself (MAIL, RCPT, DATA) is
 * run here, step by step, because what a failure means depends on the step that failed, and PHPMailer's send()
 * reports every failure alike (see SendFailed for the kinds).
 */
final class SmtpSender implements MailSender
{
    public function __construct(private readonly Config $config)
    {
    }

    public function send(OutgoingMessage $message): void
    {
        $mailer = $this->prepare($message);
        try {
            $mailer->preSend();
        } catch (MailerException $e) {
            throw SendFailed::refused('the message cannot be built: ' . $e->getMessage(), $e);
        }
        $smtp = $this->connect($mailer);
        try {
            // The envelope is the same for every message (the site to the salon): a refusal here is about the setup
            // or the relay (login, sender, quota), not about this visitor's message. Retried, never failed/ at once.
            if (!$smtp->mail($this->config->fromAddress)) {
                throw self::failure($smtp, 'MAIL FROM', SendFailed::DEFERRED);
            }
            if (!$smtp->recipient($this->config->toAddress)) {
                throw self::failure($smtp, 'RCPT TO', SendFailed::DEFERRED);
            }
            if (!$smtp->data($mailer->getSentMIMEMessage())) {
                // Only the answer after the message's content is about the message (a spam filter, a blocked link).
                $afterContent = $smtp->getError()['error'] === 'DATA END command failed';
                throw self::failure($smtp, $afterContent ? 'message' : 'DATA', $afterContent ? SendFailed::REFUSED : SendFailed::DEFERRED);
            }
            $smtp->quit();
        } finally {
            $smtp->close();
        }
    }

    public function probe(): void
    {
        $smtp = $this->connect($this->configure(new PHPMailer(true)));
        $smtp->quit();
        $smtp->close();
    }

    /**
     * Builds a fully configured PHPMailer without connecting; public so tests can
     * inspect the headers with preSend() instead of needing a server.
     *
     * @throws SendFailed when PHPMailer refuses an address (REFUSED: it would refuse it on every retry), or the
     *                    password file cannot be read (UNREACHABLE)
     */
    public function prepare(OutgoingMessage $message): PHPMailer
    {
        $mailer = $this->configure(new PHPMailer(true)); // exceptions, so no failure can pass as a silent `false`

        // Default ISO-8859-1 would garble Polish letters; quoted-printable keeps the body
        // 7-bit clean for relays that do not announce 8BITMIME.
        $mailer->CharSet = PHPMailer::CHARSET_UTF8;
        $mailer->Encoding = PHPMailer::ENCODING_QUOTED_PRINTABLE;
        $mailer->XMailer = ' '; // no "PHPMailer x.y" header advertising versions

        try {
            // Who it is from and to is the configuration's now, not what it was when the message was stored: a
            // corrected MAIL_TO reaches every waiting and failed message. The envelope sender follows From (third
            // argument), so bounces go to MAIL_FROM's mailbox, never to the visitor.
            $mailer->setFrom($this->config->fromAddress, $this->config->fromName, true);
            $mailer->addAddress($this->config->toAddress);
            // addReplyTo returns false (without throwing) for an address it already has or an IDN
            // domain it cannot encode; a visitor's mail without Reply-To would send the answer nowhere useful. The
            // site's own notices to the salon have none.
            if ($message->replyTo !== '' && !$mailer->addReplyTo($message->replyTo, $message->replyToName)) {
                throw SendFailed::refused('Reply-To address was not accepted by PHPMailer');
            }
        } catch (MailerException $e) {
            // An address PHPMailer refuses now, it refuses on every retry.
            throw SendFailed::refused($e->getMessage(), $e);
        }
        $mailer->MessageID = $message->messageId;
        // Fixed when the message was stored: a retry hours later is still the same mail.
        if ($message->date !== '') {
            $mailer->MessageDate = $message->date;
        }

        $mailer->isHTML(false);
        $mailer->Subject = $message->subject;
        // quoted_printable_encode keeps only CRLF as line breaks and turns a bare "\n" into "=0A",
        // which leaves the whole message on one encoded line for some clients.
        $mailer->Body = PHPMailer::normalizeBreaks($message->body, "\r\n");

        return $mailer;
    }

    /** The connection part: server, TLS, login, time limits. */
    private function configure(PHPMailer $mailer): PHPMailer
    {
        $mailer->isSMTP();
        $mailer->Host = $this->config->smtpHost;
        $mailer->Port = $this->config->smtpPort;
        // 'tls': STARTTLS, and PHPMailer stops if the server does not offer it (no fallback to plain text);
        // 'ssl': TLS from the first byte. Config refuses a login without either, except on loopback.
        $mailer->SMTPSecure = $this->config->smtpSecure;
        // PHPMailer upgrades to STARTTLS on its own when the server offers it; mail catchers
        // offer it without doing real TLS, so with SMTP_SECURE='' we mean plain, really.
        $mailer->SMTPAutoTLS = false;
        if ($this->config->smtpCaFile !== '') {
            // A relay whose certificate comes from a private CA (and the tests' throwaway one). Verification stays
            // on; without the setting, the system's CA store decides.
            $mailer->SMTPOptions = ['ssl' => ['cafile' => $this->config->smtpCaFile, 'verify_peer' => true, 'verify_peer_name' => true]];
        }
        $mailer->SMTPAuth = $this->config->smtpAuth;
        if ($this->config->smtpAuth) {
            $mailer->Username = $this->config->smtpUser;
            try {
                $mailer->Password = $this->config->smtpPassword();
            } catch (\RuntimeException $e) {
                // No login can be made: like a refused one, retried (and SMTP marked down) until the file is back.
                throw SendFailed::because($e->getMessage(), $e);
            }
        }
        // The default is 300 s per step: a dead relay would hang the form for minutes and outlive php-fpm's
        // request_terminate_timeout. Timelimit bounds each wait for a reply (PHPMailer waits on it with select()).
        $mailer->Timeout = $this->config->smtpTimeout;
        $mailer->getSMTPInstance()->Timelimit = $this->config->smtpTimeout;
        // Debug output defaults to echo, which would corrupt the JSON answer; level 0 writes
        // nothing, and error_log is the only place it may ever go.
        $mailer->SMTPDebug = 0;
        $mailer->Debugoutput = 'error_log';
        // Used for Message-ID fallback and HELO: otherwise it comes from $_SERVER['SERVER_NAME'],
        // which nginx may fill from the visitor's Host header, or from the container's hostname.
        $mailer->Hostname = $this->config->siteDomain();

        return $mailer;
    }

    /** @throws SendFailed UNREACHABLE */
    private function connect(PHPMailer $mailer): SMTP
    {
        $problem = null;
        try {
            if ($mailer->smtpConnect()) {
                return $mailer->getSMTPInstance();
            }
        } catch (MailerException $e) {
            $problem = $e;
        }
        // PHPMailer's message says only "Could not connect"; the SMTP layer knows which step failed and how.
        $error = $mailer->getSMTPInstance()->getError();
        $detail = trim($error['error'] . ' ' . $error['smtp_code'] . ' ' . $error['detail']);

        throw SendFailed::because(trim(($problem?->getMessage() ?? 'SMTP connect() failed') . ($detail !== '' ? ' (' . $detail . ')' : '')), $problem);
    }

    /** The server's answer to a failed step, classified: no answer or 421 means the server is away. */
    private static function failure(SMTP $smtp, string $step, string $kind): SendFailed
    {
        $error = $smtp->getError();
        $code = (string) $error['smtp_code'];
        $answer = trim($code . ' ' . $error['smtp_code_ex'] . ' ' . $error['detail']);
        $reason = sprintf('%s refused: %s', $step, $answer !== '' ? $answer : $error['error']);
        if ($code === '' || $code === '0' || $code === '421') {
            return SendFailed::because($reason);
        }
        if ($code[0] === '4') {
            return SendFailed::deferred($reason);
        }

        return $kind === SendFailed::REFUSED ? SendFailed::refused($reason) : SendFailed::deferred($reason);
    }
}
