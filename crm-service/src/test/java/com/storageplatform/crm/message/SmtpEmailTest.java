package com.storageplatform.crm.message;

import static com.storageplatform.kit.testsupport.ResourceApi.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetupTest;
import com.storageplatform.kit.testsupport.PlatformTest;
import jakarta.mail.Message.RecipientType;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Email over real SMTP: an embedded GreenMail server receives what the adapter sends, for a live account (with a
 * login) and for a test account whose emails go to a configured SMTP sink instead of the simulator.
 */
@PlatformTest
class SmtpEmailTest {

    static final GreenMail SMTP = new GreenMail(ServerSetupTest.SMTP.dynamicPort());

    static {
        SMTP.start();
        SMTP.setUser("hello@acme.co.uk", "hello", "s3cret");
    }

    @DynamicPropertySource
    static void smtp(DynamicPropertyRegistry registry) {
        for (String which : List.of("smtp", "test-smtp")) {
            String prefix = "crm.messages.providers." + which + ".";
            registry.add(prefix + "host", () -> "127.0.0.1");
            registry.add(prefix + "port", () -> SMTP.getSmtp().getPort());
            registry.add(prefix + "tls", () -> "none");
            registry.add(prefix + "from", () -> "Acme Storage <hello@acme.co.uk>");
        }
        registry.add("crm.messages.providers.smtp.username", () -> "hello");
        registry.add("crm.messages.providers.smtp.password", () -> "s3cret");
    }

    @AfterAll
    static void stop() {
        SMTP.stop();
    }

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    /** The one message GreenMail received for {@code address}, once it has. */
    static MimeMessage receivedBy(String address) {
        MimeMessage[] found = new MimeMessage[1];
        eventually(() -> {
            for (MimeMessage message : SMTP.getReceivedMessages()) {
                try {
                    if (Arrays.stream(message.getRecipients(RecipientType.TO))
                            .anyMatch(to -> ((InternetAddress) to).getAddress().equals(address))) {
                        found[0] = message;
                        return true;
                    }
                } catch (jakarta.mail.MessagingException e) {
                    throw new IllegalStateException(e);
                }
            }
            return false;
        });
        return found[0];
    }

    @Test
    void aLiveAccountsEmailIsReceivedByTheSmtpServer() throws Exception {
        MessageFixtures f = new MessageFixtures(client, json, db, MessageFixtures.liveCaller());
        String address = "ada." + UUID.randomUUID() + "@acme.co.uk";
        String id = f.api.createId(f.caller, f.email(f.contact(address), "transactional", "Your receipt: £45.00",
                "Hello Ada,\n\nWe received £45.00. Café open till 6."));

        MimeMessage received = receivedBy(address);
        assertThat(received.getSubject()).isEqualTo("Your receipt: £45.00");
        assertThat(((String) received.getContent()).strip().replace("\r\n", "\n"))
                .isEqualTo("Hello Ada,\n\nWe received £45.00. Café open till 6.");
        assertThat(((InternetAddress) received.getFrom()[0]).getAddress()).isEqualTo("hello@acme.co.uk");
        assertThat(((InternetAddress) received.getFrom()[0]).getPersonal()).isEqualTo("Acme Storage");
        assertThat(received.getMessageID()).isEqualTo("<" + id + "@acme.co.uk>");

        eventually(() -> f.status(id).equals("sent"));
        JsonNode sent = f.read(id);
        assertThat(sent.get("provider").asString()).isEqualTo("smtp");
        assertThat(sent.get("provider_message_id").asString()).isEqualTo(id + "@acme.co.uk");
        assertThat(sent.get("to").asString()).isEqualTo(address);
        assertThat(f.eventTypes(id)).containsExactly("message.sent");
    }

    @Test
    void aTestAccountsEmailGoesToTheConfiguredSinkAndAwaitsItsReport() throws Exception {
        MessageFixtures f = new MessageFixtures(client, json, db);
        String address = "bea." + UUID.randomUUID() + "@acme.co.uk";
        String id = f.api.createId(f.caller, f.email(f.contact(address), "transactional", "Hello", "Hello Bea."));

        MimeMessage received = receivedBy(address);
        assertThat(received.getSubject()).isEqualTo("Hello");
        assertThat(((String) received.getContent()).strip()).isEqualTo("Hello Bea.");
        eventually(() -> f.status(id).equals("sent"));

        JsonNode delivered = f.api.body(f.helpers.action(f.caller, id, "deliver", "{}").expectStatus().isOk());
        assertThat(delivered.get("data").get("status").asString()).isEqualTo("delivered");
        assertThat(f.eventTypes(id)).containsExactly("message.sent", "message.delivered");
    }

    @Test
    void aBlockedEmailNeverReachesTheServer() {
        MessageFixtures f = new MessageFixtures(client, json, db, MessageFixtures.liveCaller());
        UUID declined = f.contact("cy." + UUID.randomUUID() + "@acme.co.uk", null, "no");
        String blocked = f.api.createId(f.caller, f.email(declined, "marketing", "Offer", "20% off."));
        String address = "di." + UUID.randomUUID() + "@acme.co.uk";
        f.api.createId(f.caller, f.email(f.contact(address), "transactional", "After", "After."));

        receivedBy(address);
        assertThat(f.status(blocked)).isEqualTo("blocked");
        assertThat(Arrays.stream(SMTP.getReceivedMessages()).map(SmtpEmailTest::subject)).doesNotContain("Offer");
    }

    private static String subject(MimeMessage message) {
        try {
            return message.getSubject();
        } catch (jakarta.mail.MessagingException e) {
            throw new IllegalStateException(e);
        }
    }
}
