package com.storageplatform.crm.support;

import static com.storageplatform.kit.testsupport.ResourceApi.eventually;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetupTest;
import jakarta.mail.MessagingException;
import jakarta.mail.internet.MimeMessage;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * An embedded SMTP server (GreenMail, on a free port) that receives the test accounts' email: crm's
 * {@code test-smtp} sink points at it, sending from {@code hello@acme.co.uk} without TLS, and the sender polls every
 * 200 ms. One per test class:
 *
 * <pre>{@code
 * static final Mailbox MAILBOX = Mailbox.start();
 *
 * @DynamicPropertySource
 * static void sink(DynamicPropertyRegistry registry) {
 *     MAILBOX.receiveTestAccountsEmail(registry);
 * }
 *
 * @AfterAll
 * static void stop() {
 *     MAILBOX.stop();
 * }
 * }</pre>
 */
public final class Mailbox {

    private final GreenMail smtp;

    private Mailbox(GreenMail smtp) {
        this.smtp = smtp;
    }

    /** A started server. */
    public static Mailbox start() {
        GreenMail smtp = new GreenMail(ServerSetupTest.SMTP.dynamicPort());
        smtp.start();
        return new Mailbox(smtp);
    }

    /** crm's settings that send the test accounts' email here. */
    public void receiveTestAccountsEmail(DynamicPropertyRegistry registry) {
        registry.add("crm.messages.providers.test-smtp.host", () -> "127.0.0.1");
        registry.add("crm.messages.providers.test-smtp.port", () -> smtp.getSmtp().getPort());
        registry.add("crm.messages.providers.test-smtp.tls", () -> "none");
        registry.add("crm.messages.providers.test-smtp.from", () -> "hello@acme.co.uk");
        registry.add("crm.messages.sending.poll-interval", () -> "200ms");
    }

    public void stop() {
        smtp.stop();
    }

    /** Every message received so far whose first recipient is {@code to}, in the order received. */
    public List<MimeMessage> receivedBy(String to) {
        return Arrays.stream(smtp.getReceivedMessages()).filter(m -> {
            try {
                return m.getAllRecipients()[0].toString().equals(to);
            } catch (MessagingException e) {
                throw new IllegalStateException(e);
            }
        }).toList();
    }

    /** The one message received for {@code to}, once there is exactly one. */
    public MimeMessage received(String to) {
        eventually(() -> receivedBy(to).size() == 1);
        return receivedBy(to).get(0);
    }

    /** A plain-text message's body, with LF line ends. */
    public static String text(MimeMessage message) {
        try {
            return ((String) message.getContent()).replace("\r\n", "\n");
        } catch (IOException | MessagingException e) {
            throw new IllegalStateException(e);
        }
    }

    public static String subject(MimeMessage message) {
        try {
            return message.getSubject();
        } catch (MessagingException e) {
            throw new IllegalStateException(e);
        }
    }
}
