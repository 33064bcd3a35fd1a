package com.storageplatform.crm.message;

import static com.storageplatform.kit.testsupport.ResourceApi.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.crm.support.Bookings;
import com.storageplatform.crm.support.CrmApi;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestEvents;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A lien sale's notices (template {@code sale_notice}), on billing's internal {@code sale_process.notice_due}
 * published on the real Kafka as billing publishes it: one email per notice stating the sum owed and the date of
 * sale, in the operator's wording when it has its own, whose body must keep the date of sale.
 */
@PlatformTest
class SaleNoticeEmailsTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    MessageFixtures f;
    CrmApi templates;
    UUID ada;
    UUID site;

    @BeforeEach
    void setUp() {
        f = new MessageFixtures(client, json, db);
        templates = f.api.on("/v1/message-templates");
        ada = f.contact("ada." + UUID.randomUUID() + "@acme.co.uk");
        site = new Bookings(db, json).site(f.caller);
    }

    Map<String, Object> noticeDue(UUID process, int index) {
        Map<String, Object> notice = new LinkedHashMap<>();
        notice.put("index", index);
        notice.put("kind", index == 0 ? "notice_of_sale" : "reminder");
        notice.put("due_on", "2027-04-01");
        notice.put("sent_at", "2027-04-01T09:00:00Z");
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("id", process.toString());
        data.put("object", "sale_process");
        data.put("contact_id", ada.toString());
        data.put("site_id", site.toString());
        data.put("status", "open");
        data.put("amount_owed_minor", 5000);
        data.put("currency", "GBP");
        data.put("sale_date", "2027-04-29");
        data.put("notice", notice);
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
    void eachNoticeIsEmailedOnceWithTheSumOwedTheDateOfSaleAndHowToStopIt() {
        UUID process = Ids.newId();
        UUID event = TestEvents.publish("billing.events", "sale_process.notice_due", f.caller.accountId(),
                noticeDue(process, 0));

        eventually(() -> about(f.caller, process).size() == 1);
        JsonNode email = about(f.caller, process).get(0);
        assertThat(email.get("template").asString()).isEqualTo("sale_notice");
        assertThat(email.get("related_object").asString()).isEqualTo("sale_process");
        assertThat(email.get("contact_id").asString()).isEqualTo(ada.toString());
        assertThat(email.get("kind").asString()).isEqualTo("transactional");
        assertThat(email.get("subject").asString()).isEqualTo("Notice of intention to sell the goods in your unit");
        assertThat(email.get("body").asString()).contains("Hello Ada,", "You owe us £50.00 for your storage at "
                + "Harbour", "on or after 29 April 2027", "please pay £50.00 before 29 April 2027");

        TestEvents.publish("billing.events", event, "sale_process.notice_due", f.caller.accountId(),
                noticeDue(process, 0));
        TestEvents.publish("billing.events", "sale_process.notice_due", f.caller.accountId(),
                noticeDue(process, 1));
        eventually(() -> about(f.caller, process).size() == 2);
    }

    @Test
    void theOperatorsWordingIsUsedAndMustKeepTheDateOfSale() {
        JsonNode defaults = templates.read(f.caller, "sale_notice");
        assertThat(defaults.get("placeholders").toString()).isEqualTo(
                "[\"first_name\",\"last_name\",\"amount_owed\",\"sale_date\",\"site_name\"]");
        assertThat(templates.errorMessage(templates.patch(f.caller, "sale_notice",
                "{\"body\": \"Please pay {{amount_owed}}.\"}"), 422, "validation_error"))
                .isEqualTo("The sale_notice template's body must use {{sale_date}}: the email exists to carry it.");
        templates.updated(f.caller, "sale_notice", "{\"body\": \"Pay {{amount_owed}} before {{sale_date}}.\"}");

        UUID process = Ids.newId();
        TestEvents.publish("billing.events", "sale_process.notice_due", f.caller.accountId(),
                noticeDue(process, 0));
        eventually(() -> about(f.caller, process).size() == 1);
        assertThat(about(f.caller, process).get(0).get("body").asString())
                .isEqualTo("Pay £50.00 before 29 April 2027.");
    }
}
