package com.storageplatform.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.icegreen.greenmail.util.GreenMailUtil;
import com.storageplatform.devstack.DevStack;
import jakarta.mail.internet.MimeMessage;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Messages through the gateway on the devstack: crm-service owns {@code /v1/messages} and learns each contact from
 * commerce's events. A message to an address where no mailbox can exist, or an offer to a customer who said no, is
 * blocked and never sent; a transactional email is handed to the SMTP server the tests run (the test accounts'
 * sink), which really receives it, and a test helper's delivery report marks it delivered.
 */
class CrmMessagesE2E {

    static final List<String> SCOPES = List.of("contacts:read", "contacts:write", "messages:read",
            "messages:write");

    private final DevStack stack = Stack.get();

    private final Account account = Account.create(stack, "Harbour Messages", SCOPES);

    String contact(String email, String marketing) {
        return account.createdId("/v1/contacts", """
                {"first_name": "Ada", "last_name": "Jones", "email": "%s", "marketing_status": "%s"}
                """.formatted(email, marketing));
    }

    /** A message, once crm has learnt of the contact from commerce's events. */
    JsonNode message(String contact, String kind, String subject, String body) {
        Http.Response made = CommerceEvents.eventually(() -> account.post("/v1/messages", """
                {"contact_id": "%s", "channel": "email", "kind": "%s", "subject": "%s", "body": "%s"}
                """.formatted(contact, kind, subject, body)), r -> r.status() != 422);
        assertThat(made.status()).as(made.body().toString()).isEqualTo(201);
        return made.data();
    }

    JsonNode messageOnce(String id, String status) {
        return CommerceEvents.eventually(() -> account.read("/v1/messages/" + id),
                m -> m.path("status").asString().equals(status));
    }

    static Optional<MimeMessage> received(String to, String subject) {
        return Arrays.stream(Stack.mailbox().getReceivedMessages()).filter(m -> {
            try {
                return m.getSubject().equals(subject) && Arrays.stream(m.getAllRecipients())
                        .anyMatch(r -> r.toString().equals(to));
            } catch (jakarta.mail.MessagingException e) {
                return false;
            }
        }).findFirst();
    }

    @Test
    void aTransactionalEmailIsReallyReceivedAndADeliveryReportMarksItDelivered() throws Exception {
        String to = "ada.jones@harbour-storage.co.uk";
        String contact = contact(to, "not_asked");

        JsonNode queued = message(contact, "transactional", "Your unit is ready", "Unit H1 is ready from 9am.");
        assertThat(queued.path("status").asString()).isEqualTo("queued");
        String id = queued.path("id").asString();

        JsonNode sent = messageOnce(id, "sent");
        assertThat(sent.path("to").asString()).isEqualTo(to);
        Stack.mailbox().waitForIncomingEmail(30_000, 1);
        MimeMessage email = CommerceEvents.eventually(() -> received(to, "Your unit is ready"), Optional::isPresent)
                .orElseThrow(() -> new AssertionError("no email to " + to));
        assertThat(GreenMailUtil.getBody(email)).contains("Unit H1 is ready from 9am.");

        Http.Response deliver = account.post("/v1/test-helpers/messages/" + id + "/deliver", "{}");
        assertThat(deliver.status()).as(deliver.body().toString()).isEqualTo(200);
        assertThat(messageOnce(id, "delivered").path("delivered_at").isNull()).isFalse();
    }

    @Test
    void anAddressAtAReservedDomainIsBlockedAndNeverSent() {
        String contact = contact("ada@example.com", "not_asked");

        JsonNode blocked = message(contact, "transactional", "Reserved", "Never sent.");

        assertThat(blocked.path("status").asString()).isEqualTo("blocked");
        assertThat(blocked.path("blocked_reason").asString()).isEqualTo("address_reserved");
        assertThat(received("ada@example.com", "Reserved")).isEmpty();
    }

    @Test
    void anOfferToACustomerWhoSaidNoIsBlockedAndNeverSent() {
        String to = "no.offers@harbour-storage.co.uk";
        String contact = contact(to, "no");

        JsonNode blocked = message(contact, "marketing", "Half price this month", "An offer.");

        assertThat(blocked.path("status").asString()).isEqualTo("blocked");
        assertThat(blocked.path("blocked_reason").asString()).isEqualTo("marketing_refused");
        assertThat(account.read("/v1/messages/" + blocked.path("id").asString()).path("status").asString())
                .isEqualTo("blocked");
        assertThat(received(to, "Half price this month")).isEmpty();
    }
}
