package com.storageplatform.crm.message;

import static com.storageplatform.crm.support.Mailbox.text;
import static com.storageplatform.kit.testsupport.ResourceApi.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.crm.support.CrmApi;
import com.storageplatform.crm.support.Mailbox;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestEvents;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The customer's link to their online ID check, on compliance's {@code identity_verification.link_issued} published
 * on the real Kafka as compliance publishes it, received by an embedded SMTP server: one email per verification,
 * the link hidden from staff readers, never written when its form would show to staff.
 */
@PlatformTest
class IdCheckLinkEmailsTest {

    static final Mailbox MAILBOX = Mailbox.start();

    @DynamicPropertySource
    static void sink(DynamicPropertyRegistry registry) {
        MAILBOX.receiveTestAccountsEmail(registry);
    }

    @AfterAll
    static void stop() {
        MAILBOX.stop();
    }

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    MessageFixtures f;
    String address;
    UUID ada;

    @BeforeEach
    void setUp() {
        f = new MessageFixtures(client, json, db);
        address = "ada." + UUID.randomUUID() + "@acme.co.uk";
        ada = f.contact(address);
    }

    static String link() {
        return "https://api.storageplatform.co.uk/id-checks/start?token=" + UUID.randomUUID().toString()
                .replace("-", "");
    }

    static Map<String, Object> issued(UUID verification, UUID contact, String url) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("identity_verification_id", verification.toString());
        data.put("object", "identity_verification_link");
        data.put("contact_id", contact.toString());
        data.put("url", url);
        data.put("expires_at", "2026-12-04T15:10:00Z");
        return data;
    }

    List<JsonNode> about(Caller caller, UUID record) {
        List<JsonNode> found = new ArrayList<>();
        f.api.list(caller, "?limit=100").get("data").forEach(message -> {
            if (record.toString().equals(message.get("related_id").asString(null))) {
                found.add(message);
            }
        });
        return found;
    }

    @Test
    void theCustomerIsEmailedTheirLinkOncePerVerificationAndStaffReadItHidden() throws Exception {
        UUID verification = Ids.newId();
        String link = link();
        UUID event = TestEvents.publish("compliance.events", "identity_verification.link_issued",
                f.caller.accountId(), issued(verification, ada, link));

        eventually(() -> about(f.caller, verification).size() == 1);
        JsonNode email = about(f.caller, verification).get(0);
        assertThat(email.get("template").asString()).isEqualTo("id_check_link");
        assertThat(email.get("related_object").asString()).isEqualTo("identity_verification");
        assertThat(email.get("contact_id").asString()).isEqualTo(ada.toString());
        assertThat(email.get("kind").asString()).isEqualTo("transactional");
        assertThat(email.get("subject").asString()).isEqualTo("Please confirm your identity");
        assertThat(email.get("body").asString()).contains("Hello Ada,", "Start here: " + link + "\n",
                "It works until 2026-12-04 15:10 GMT.");

        Caller staff = CrmApi.staffOf(f.caller);
        JsonNode read = f.api.read(staff, email.get("id").asString());
        assertThat(read.get("body").asString()).contains("Start here: [hidden link]").doesNotContain("token");
        assertThat(about(staff, verification).get(0).get("body").asString()).doesNotContain("token");

        String sent = text(MAILBOX.received(address));
        assertThat(sent).contains("Start here: " + link);

        // The same event again writes nothing more; another verification is another email.
        TestEvents.publish("compliance.events", event, "identity_verification.link_issued", f.caller.accountId(),
                issued(verification, ada, link));
        UUID next = Ids.newId();
        TestEvents.publish("compliance.events", "identity_verification.link_issued", f.caller.accountId(),
                issued(next, ada, link()));
        eventually(() -> about(f.caller, next).size() == 1);
        assertThat(about(f.caller, verification)).hasSize(1);
    }

    @Test
    void aLinkOfAFormStaffWouldReadIsNeverEmailed() {
        UUID shown = Ids.newId();
        TestEvents.publish("compliance.events", "identity_verification.link_issued", f.caller.accountId(),
                issued(shown, ada, "https://verify.stripe.com/start/test_abc"));
        UUID marker = Ids.newId();
        TestEvents.publish("compliance.events", "identity_verification.link_issued", f.caller.accountId(),
                issued(marker, ada, link()));

        eventually(() -> about(f.caller, marker).size() == 1);
        assertThat(about(f.caller, shown)).isEmpty();
        assertThat(IdCheckLinkEmails.hiddenFromStaff("https://x.co.uk/id-checks/start?token=abc")).isTrue();
        assertThat(IdCheckLinkEmails.hiddenFromStaff("https://x.co.uk/id-checks/start?token=abc and more")).isFalse();
        assertThat(IdCheckLinkEmails.hiddenFromStaff(null)).isFalse();
    }

    @Test
    void aCustomerWithoutAnEmailAddressGetsAFailedEmail() {
        UUID noAddress = f.contact(null, "+44 7700 900000", "yes");
        UUID verification = Ids.newId();
        TestEvents.publish("compliance.events", "identity_verification.link_issued", f.caller.accountId(),
                issued(verification, noAddress, link()));

        eventually(() -> about(f.caller, verification).size() == 1);
        JsonNode email = about(f.caller, verification).get(0);
        assertThat(email.get("status").asString()).isEqualTo("failed");
        assertThat(email.get("failure_reason").asString()).isEqualTo("The contact has no email address.");
    }
}
