package com.storageplatform.compliance.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.compliance.internal.Customers;
import com.storageplatform.compliance.internal.Records;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestCallers;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The operator's licence wording: the default, its own, only known placeholders, and versions. */
@PlatformTest
class ContractTemplateTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    @Autowired
    Records records;

    @Autowired
    Customers customers;

    ContractFixture f;

    @BeforeEach
    void setUp() {
        f = new ContractFixture(client, json, db, records, customers);
    }

    @Test
    void everyAccountStartsWithTheDefaultLicenceWording() {
        JsonNode template = f.templates.read(f.caller, "licence");
        assertThat(template.get("object").asString()).isEqualTo("contract_template");
        assertThat(template.get("name").asString()).isEqualTo("licence");
        assertThat(template.get("is_default").asBoolean()).isTrue();
        assertThat(template.get("version").asInt()).isZero();
        assertThat(template.get("updated_at").isNull()).isTrue();
        assertThat(template.get("title").asString()).isEqualTo(LicenceTemplate.DEFAULT.title());
        assertThat(template.get("body").asString()).contains("{{customer_name}}", "{{licence_fee}}");
        assertThat(template.get("placeholders").values()).extracting(JsonNode::asString)
                .containsExactlyElementsOf(LicenceTemplate.PLACEHOLDERS);
        assertThat(f.contracts.errorCode(f.templates.get(f.caller, "/lease"), 404)).isEqualTo("not_found");
    }

    @Test
    void theOperatorsOwnWordingMakesTheNextDocumentsAndIsRecordedAsItsVersion() {
        String before = f.create(f.agreement()).get("id").asString();
        JsonNode own = f.templates.updated(f.caller, "licence", """
                {"title": "Self storage licence of {{site_name}}",
                 "body": "Harbour Storage Ltd licenses {{unit_name}} to {{customer_name}}.\\n\\nFee: {{licence_fee}}."}
                """);
        assertThat(own.get("is_default").asBoolean()).isFalse();
        assertThat(own.get("version").asInt()).isEqualTo(1);
        assertThat(own.get("updated_at").isNull()).isFalse();
        JsonNode contract = f.create(f.agreement(f.customer, f.unit(f.site, "B2"), f.site, "draft"));
        assertThat(contract.get("template_version").asInt()).isEqualTo(1);
        String text = ContractFixture.text(f.pdf(contract.get("id").asString()));
        assertThat(text).contains("Self storage licence of Harbour Road",
                "Harbour Storage Ltd licenses B2 to Ada Lovelace.", "Fee: GBP 45.00.");
        // Documents made before keep their wording.
        assertThat(ContractFixture.text(f.pdf(before))).contains("Licence to store goods")
                .doesNotContain("Harbour Storage Ltd");
        // One part changed, the other kept; then null restores the default, as the next version.
        JsonNode titled = f.templates.updated(f.caller, "licence", "{\"title\": \"Storage licence\"}");
        assertThat(titled.get("version").asInt()).isEqualTo(2);
        assertThat(titled.get("body").asString()).startsWith("Harbour Storage Ltd");
        JsonNode back = f.templates.updated(f.caller, "licence", "{\"title\": null, \"body\": null}");
        assertThat(back.get("is_default").asBoolean()).isTrue();
        assertThat(back.get("version").asInt()).isEqualTo(3);
        // A change that changes nothing is no new version.
        assertThat(f.templates.updated(f.caller, "licence", "{\"title\": null}").get("version").asInt()).isEqualTo(3);
        // Another account's wording is its own.
        Caller other = TestCallers.apiCaller(ContractFixture.SCOPES);
        assertThat(f.templates.read(other, "licence").get("version").asInt()).isZero();
    }

    @Test
    void onlyTheTemplatesPlaceholdersAreAccepted() {
        String message = f.templates.errorMessage(f.templates.patch(f.caller, "licence",
                "{\"body\": \"{{customer_name}} pays {{monthly_rent}} and {{ Unit Name }}.\"}"), 422,
                "validation_error");
        assertThat(message).contains("monthly_rent", "Unit Name", "customer_name, site_name");
        assertThat(f.templates.issues(f.templates.patch(f.caller, "licence", "{\"title\": \"{{nope}}\"}")))
                .containsExactly("title invalid");
        assertThat(f.templates.read(f.caller, "licence").get("version").asInt()).isZero();
    }

    @Test
    void theWordingIsPrintableTextTheDocumentsFontCanShow() {
        assertThat(f.templates.issues(f.templates.patch(f.caller, "licence",
                "{\"title\": \"Licence\\nof storage\", \"body\": \" \"}")))
                .containsExactly("title invalid", "body required");
        assertThat(f.templates.issues(f.templates.patch(f.caller, "licence",
                "{\"title\": \"" + "t".repeat(201) + "\"}"))).containsExactly("title too_long");
        assertThat(f.templates.issues(f.templates.patch(f.caller, "licence",
                "{\"body\": \"" + "b".repeat(20_001) + "\"}"))).containsExactly("body too_long");
        String message = f.templates.errorMessage(f.templates.patch(f.caller, "licence",
                "{\"body\": \"Storage \\u4E2D licence\"}"), 422, "validation_error");
        assertThat(message).contains("U+4E2D");
        assertThat(f.templates.issues(f.templates.patch(f.caller, "licence", "{\"wording\": \"x\"}")))
                .containsExactly("wording unknown_field");
        assertThat(f.contracts.errorCode(f.templates.patch(f.caller, "lease", "{\"title\": \"x\"}"), 404))
                .isEqualTo("not_found");
    }
}
