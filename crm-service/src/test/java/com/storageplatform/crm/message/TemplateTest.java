package com.storageplatform.crm.message;

import static com.storageplatform.kit.testsupport.ResourceApi.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.crm.support.CrmApi;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestCallers;
import com.storageplatform.kit.testsupport.TestEvents;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@code /v1/message-templates/{name}}: the defaults, the operator's wording and what it writes, tenants. */
@PlatformTest
class TemplateTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    MessageFixtures f;
    CrmApi templates;

    @BeforeEach
    void setUp() {
        f = new MessageFixtures(client, json, db);
        templates = f.api.on("/v1/message-templates");
    }

    @Test
    void eachTemplateHasASensibleDefault() {
        JsonNode receipt = templates.read(f.caller, "payment_receipt");
        assertThat(receipt.get("object").asString()).isEqualTo("message_template");
        assertThat(receipt.get("is_default").asBoolean()).isTrue();
        assertThat(receipt.get("updated_at").isNull()).isTrue();
        assertThat(receipt.get("subject").asString()).isEqualTo("Receipt for your payment of {{amount}}");
        assertThat(receipt.get("placeholders").toString()).contains("amount", "paid_on", "payment_id");
        assertThat(templates.read(f.caller, "unit_ready").get("body").asString()).contains("{{site_name}}");
        assertThat(templates.errorCode(templates.get(f.caller, "/welcome"), 404)).isEqualTo("not_found");
    }

    @Test
    void theOperatorsWordingWritesTheEmailsFromThenOn() {
        JsonNode own = templates.updated(f.caller, "payment_receipt", """
                {"subject": "Thanks, {{ first_name }}: {{amount}} received", "body": "Paid {{amount}} on {{paid_on}}."}
                """);
        assertThat(own.get("is_default").asBoolean()).isFalse();
        assertThat(own.get("updated_at").isNull()).isFalse();
        UUID ada = f.contact("ada@acme.co.uk");
        UUID payment = Ids.newId();
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("id", payment.toString());
        data.put("contact_id", ada.toString());
        data.put("direction", "payment");
        data.put("rail", "card");
        data.put("amount_minor", 1999);
        data.put("currency", "EUR");
        data.put("charged_at", "2026-11-25T10:15:02Z");
        TestEvents.publish("billing.events", "payment.succeeded", f.caller.accountId(), data);

        eventually(() -> f.api.list(f.caller, "?contact_id=" + ada).get("data").size() == 1);
        JsonNode receipt = f.api.list(f.caller, "?contact_id=" + ada).get("data").get(0);
        assertThat(receipt.get("subject").asString()).isEqualTo("Thanks, Ada: €19.99 received");
        assertThat(receipt.get("body").asString()).isEqualTo("Paid €19.99 on 2026-11-25.");

        // null restores a part's default; both back to the default, the account uses the default again.
        JsonNode half = templates.updated(f.caller, "payment_receipt", "{\"subject\": null}");
        assertThat(half.get("subject").asString()).isEqualTo("Receipt for your payment of {{amount}}");
        assertThat(half.get("body").asString()).isEqualTo("Paid {{amount}} on {{paid_on}}.");
        assertThat(templates.updated(f.caller, "payment_receipt", "{\"body\": null}").get("is_default").asBoolean())
                .isTrue();
    }

    @Test
    void aTemplateTakesOnlyItsOwnPlaceholdersAndTextThatCanBeShown() {
        assertThat(templates.errorMessage(templates.patch(f.caller, "unit_ready", "{\"body\": \"Paid {{amount}}\"}"),
                422, "validation_error")).isEqualTo("The unit_ready template has no placeholder amount; it has "
                        + "first_name, last_name, site_name, unit_type_name, move_in_date.");
        assertThat(templates.issues(templates.patch(f.caller, "unit_ready", """
                {"subject": "Two\\nlines", "body": "  "}
                """))).containsExactlyInAnyOrder("subject invalid", "body required");
        assertThat(templates.issues(templates.patch(f.caller, "unit_ready", "{\"subject\": \"" + "x".repeat(201)
                + "\"}"))).containsExactly("subject too_long");
        assertThat(templates.read(f.caller, "unit_ready").get("is_default").asBoolean()).isTrue();
    }

    @Test
    void anAccountsWordingIsItsOwn() {
        templates.updated(f.caller, "unit_ready", "{\"subject\": \"Ready at {{site_name}}\"}");
        assertThat(templates.read(TestCallers.apiCaller(MessageFixtures.SCOPES), "unit_ready").get("subject")
                .asString()).isEqualTo("Your unit at {{site_name}} is ready");
    }

    @Test
    void theIdCheckLinksBodyMustCarryTheLink() {
        JsonNode defaults = templates.read(f.caller, "id_check_link");
        assertThat(defaults.get("placeholders").toString()).isEqualTo(
                "[\"first_name\",\"last_name\",\"link\",\"link_expires_at\"]");
        assertThat(defaults.get("body").asString()).contains("{{link}}", "{{link_expires_at}}");

        assertThat(templates.errorMessage(templates.patch(f.caller, "id_check_link",
                "{\"body\": \"Hello {{first_name}}, please check your identity.\"}"), 422, "validation_error"))
                .isEqualTo("The id_check_link template's body must use {{link}}: the email exists to carry it.");
        assertThat(templates.issues(templates.patch(f.caller, "id_check_link",
                "{\"subject\": \"Two\\nlines\", \"body\": \"No link here.\"}")))
                .containsExactlyInAnyOrder("subject invalid", "body invalid");
        JsonNode own = templates.updated(f.caller, "id_check_link", "{\"body\": \"Your check: {{ link }}\"}");
        assertThat(own.get("body").asString()).isEqualTo("Your check: {{ link }}");
        assertThat(templates.updated(f.caller, "id_check_link", "{\"subject\": \"Your ID check\"}").get("body")
                .asString()).isEqualTo("Your check: {{ link }}");
    }

    @Test
    void aDunningEmailsBodyMustCarryTheAmountOverdue() {
        JsonNode reminder = templates.read(f.caller, "dunning_reminder");
        assertThat(reminder.get("placeholders").toString()).isEqualTo(
                "[\"first_name\",\"last_name\",\"amount_overdue\",\"days_overdue\"]");
        assertThat(templates.read(f.caller, "dunning_final_notice").get("body").asString())
                .contains("{{amount_overdue}}", "further action may follow");

        assertThat(templates.errorMessage(templates.patch(f.caller, "dunning_final_notice",
                "{\"body\": \"Please pay what you owe.\"}"), 422, "validation_error"))
                .isEqualTo("The dunning_final_notice template's body must use {{amount_overdue}}: the email exists "
                        + "to carry it.");
        assertThat(templates.updated(f.caller, "dunning_reminder", "{\"body\": \"{{amount_overdue}} is due.\"}")
                .get("is_default").asBoolean()).isFalse();
    }
}
