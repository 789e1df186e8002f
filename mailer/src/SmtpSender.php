<?php

declare(strict_types=1);

namespace Salon\Mailer;

use PHPMailer\PHPMailer\Exception as MailerException;
use PHPMailer\PHPMailer\PHPMailer;

/** Sends through an SMTP server with PHPMailer, configured only from Config. */
final class SmtpSender implements MailSender
{
    public function __construct(private readonly Config $config)
    {
    }

    public function send(OutgoingMessage $message): void
    {
        try {
            $mailer = $this->prepare($message);
            $mailer->send();
        } catch (MailerException $e) {
            throw SendFailed::because($e->getMessage(), $e);
        }
    }

    /**
     * Builds a fully configured PHPMailer without connecting; public so tests can
     * inspect the headers with preSend() instead of needing a server.
     *
     * @throws MailerException
     * @throws SendFailed when PHPMailer silently drops an address
     */
    public function prepare(OutgoingMessage $message): PHPMailer
    {
        $mailer = new PHPMailer(true); // exceptions, so no failure can pass as a silent `false`

        $mailer->isSMTP();
        $mailer->Host = $this->config->smtpHost;
        $mailer->Port = $this->config->smtpPort;
        $mailer->SMTPSecure = $this->config->smtpSecure;
        // PHPMailer upgrades to STARTTLS on its own when the server offers it; mail catchers
        // offer it without doing real TLS, so with SMTP_SECURE='' we mean plain, really.
        $mailer->SMTPAutoTLS = false;
        $mailer->SMTPAuth = $this->config->smtpAuth;
        if ($this->config->smtpAuth) {
            $mailer->Username = $this->config->smtpUser;
            $mailer->Password = $this->config->smtpPass;
        }
        // The default is 300 s per step: a dead relay would hang the form for minutes and
        // outlive php-fpm's request_terminate_timeout. Timelimit bounds each reply read too.
        $mailer->Timeout = $this->config->smtpTimeout;
        $mailer->getSMTPInstance()->Timelimit = $this->config->smtpTimeout;
        // Debug output defaults to echo, which would corrupt the JSON answer; level 0 writes
        // nothing, and error_log is the only place it may ever go.
        $mailer->SMTPDebug = 0;
        $mailer->Debugoutput = 'error_log';

        // Default ISO-8859-1 would garble Polish letters; quoted-printable keeps the body
        // 7-bit clean for relays that do not announce 8BITMIME.
        $mailer->CharSet = PHPMailer::CHARSET_UTF8;
        $mailer->Encoding = PHPMailer::ENCODING_QUOTED_PRINTABLE;
        // Used for Message-ID fallback and HELO: otherwise it comes from $_SERVER['SERVER_NAME'],
        // which nginx may fill from the visitor's Host header, or from the container's hostname.
        $mailer->Hostname = $this->config->siteDomain();
        $mailer->XMailer = ' '; // no "PHPMailer x.y" header advertising versions

        // Envelope sender follows From (third argument), so bounces go to the site, not the visitor.
        $mailer->setFrom($message->from, $message->fromName, true);
        $mailer->addAddress($message->to);
        // addReplyTo returns false (without throwing) for an address it already has or an IDN
        // domain it cannot encode; a mail without Reply-To would send the answer nowhere useful.
        if (!$mailer->addReplyTo($message->replyTo, $message->replyToName)) {
            throw SendFailed::because('Reply-To address was not accepted by PHPMailer');
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
}
