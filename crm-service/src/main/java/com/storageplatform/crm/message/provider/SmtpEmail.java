package com.storageplatform.crm.message.provider;

import jakarta.mail.MessagingException;
import jakarta.mail.SendFailedException;
import jakarta.mail.Session;
import jakarta.mail.internet.AddressException;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Properties;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.mail.MailAuthenticationException;
import org.springframework.mail.MailException;
import org.springframework.mail.MailSendException;
import org.springframework.mail.javamail.JavaMailSenderImpl;
import org.springframework.mail.javamail.MimeMessageHelper;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Email over SMTP with Spring's {@link JavaMailSenderImpl} on Jakarta Mail: one plain-text UTF-8 message per send,
 * on {@code boundedElastic} (the client blocks), bounded by the client's own connect, read and write timeouts and a
 * reactive backstop a little after them. The Message-ID is {@code <message id@sender's domain>}, the same on every
 * retry, so a receiving server that saw it already can drop the repeat, and the relay's delivery reports name it.
 *
 * <p>What the server answered decides the policy: a permanent refusal of the recipient (a 5xx for the address) is
 * {@link Handover.Refused}; anything else (no connection, a 4xx, a timeout, a refused login) is
 * {@link Handover.Unavailable}, tried again a bounded number of times.
 */
final class SmtpEmail implements MessageProvider {

    static final String NAME = "smtp";
    private static final Duration BACKSTOP = Duration.ofSeconds(2);

    private final JavaMailSenderImpl sender;
    private final InternetAddress from;
    private final Duration bound;

    SmtpEmail(ProviderSettings.Smtp settings) {
        this.sender = new JavaMailSenderImpl();
        boolean smtps = "smtps".equals(settings.tls());
        sender.setProtocol(smtps ? "smtps" : "smtp");
        sender.setHost(settings.host());
        sender.setPort(settings.port());
        sender.setUsername(ProviderSettings.blank(settings.username()) ? null : settings.username());
        sender.setPassword(ProviderSettings.blank(settings.password()) ? null : settings.password());
        sender.setDefaultEncoding(StandardCharsets.UTF_8.name());
        String prefix = "mail." + (smtps ? "smtps" : "smtp") + ".";
        String millis = String.valueOf(settings.timeout().toMillis());
        Properties properties = new Properties();
        properties.setProperty(prefix + "connectiontimeout", millis);
        properties.setProperty(prefix + "timeout", millis);
        properties.setProperty(prefix + "writetimeout", millis);
        properties.setProperty(prefix + "auth", String.valueOf(sender.getUsername() != null));
        if ("starttls".equals(settings.tls())) {
            properties.setProperty(prefix + "starttls.enable", "true");
            properties.setProperty(prefix + "starttls.required", "true");
        }
        sender.setJavaMailProperties(properties);
        try {
            this.from = new InternetAddress(settings.from(), true);
        } catch (AddressException e) {
            throw new IllegalArgumentException("The SMTP sender address (from) is not an address: " + e.getMessage());
        }
        // Connect, then (at most) a read and a write per step of the conversation, each within the timeout.
        this.bound = settings.timeout().multipliedBy(3).plus(BACKSTOP);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Mono<Handover> send(Outgoing message) {
        return Mono.fromCallable(() -> deliver(message))
                .subscribeOn(Schedulers.boundedElastic())
                .timeout(bound, Mono.fromSupplier(() -> new Handover.Unavailable(NAME,
                        "The SMTP server did not answer within " + bound.toSeconds() + " s.")));
    }

    private Handover deliver(Outgoing message) {
        String messageId = messageId(message);
        try {
            MimeMessage mime = new FixedIdMessage(sender.getSession(), "<" + messageId + ">");
            MimeMessageHelper helper = new MimeMessageHelper(mime, StandardCharsets.UTF_8.name());
            helper.setFrom(from);
            helper.setTo(new InternetAddress(message.to(), true));
            helper.setSubject(message.subject() == null ? "" : message.subject());
            helper.setText(message.body(), false);
            sender.send(mime);
            return new Handover.Accepted(NAME, messageId, null);
        } catch (AddressException e) {
            return new Handover.Refused(NAME, "The address " + message.to() + " is not a valid email address.");
        } catch (MailAuthenticationException e) {
            return new Handover.Unavailable(NAME, "The SMTP server refused the login.");
        } catch (MailSendException e) {
            return refusedRecipient(e) ? new Handover.Refused(NAME, reason(e))
                    : new Handover.Unavailable(NAME, reason(e));
        } catch (MailException | MessagingException e) {
            return new Handover.Unavailable(NAME, reason(e));
        }
    }

    /** The server refused the recipient for good: Jakarta Mail lists it among the invalid addresses (a 5xx). */
    private static boolean refusedRecipient(MailSendException e) {
        for (Exception failure : e.getFailedMessages().values()) {
            for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
                if (cause instanceof SendFailedException refused && refused.getInvalidAddresses() != null
                        && refused.getInvalidAddresses().length > 0) {
                    return true;
                }
            }
        }
        return false;
    }

    private static String reason(Exception e) {
        Throwable cause = NestedExceptionUtils.getMostSpecificCause(e);
        String text = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage().strip();
        return text.length() > 500 ? text.substring(0, 500) : text;
    }

    /** {@code <message id>@<the sender's domain>}. */
    private String messageId(Outgoing message) {
        String address = from.getAddress();
        return message.messageId() + "@" + address.substring(address.lastIndexOf('@') + 1);
    }

    /** A message whose Message-ID is the platform's, not one Jakarta Mail makes up on every save. */
    private static final class FixedIdMessage extends MimeMessage {

        private final String messageId;

        FixedIdMessage(Session session, String messageId) {
            super(session);
            this.messageId = messageId;
        }

        @Override
        protected void updateMessageID() throws MessagingException {
            setHeader("Message-ID", messageId);
        }
    }
}
