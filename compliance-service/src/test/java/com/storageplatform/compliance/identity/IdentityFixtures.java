package com.storageplatform.compliance.identity;

import com.storageplatform.compliance.internal.AccountSettings;
import com.storageplatform.compliance.internal.Customers;
import com.storageplatform.compliance.support.ComplianceApi;
import com.storageplatform.compliance.support.Operators;
import com.storageplatform.kit.caller.Caller;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A test account whose operator has online ID checks on (or off), with a customer, as auth's and commerce's events
 * leave it; its API key and a member of its staff; and the identity collections.
 */
final class IdentityFixtures {

    static final String REQUIREMENTS = "identity-requirements";

    final ComplianceApi api;
    final ComplianceApi helpers;
    final ComplianceApi requirements;
    final Operators operators;
    final Caller caller;
    final Caller staff;
    final UUID walkIn;
    final UUID customer;

    IdentityFixtures(WebTestClient client, JsonMapper json, DatabaseClient db, AccountSettings settings,
            Customers customers, boolean onlineChecks) {
        this(client, json, db, settings, customers, ComplianceApi.newAccount(), onlineChecks);
    }

    IdentityFixtures(WebTestClient client, JsonMapper json, DatabaseClient db, AccountSettings settings,
            Customers customers, Caller caller, boolean onlineChecks) {
        api = new ComplianceApi(client, json, "/v1/identity-verifications");
        helpers = api.on("/v1/test-helpers/identity-verifications");
        // The requirements are one resource, not a collection: /v1 + "identity-requirements".
        requirements = api.on("/v1");
        operators = new Operators(settings, customers, db, json);
        this.caller = caller;
        staff = ComplianceApi.staffOf(caller);
        walkIn = operators.operator(caller, onlineChecks);
        customer = operators.customer(caller);
    }

    /** A new verification of the customer. */
    JsonNode verification() {
        return api.create(caller, body(customer));
    }

    static String body(Object contactId) {
        return """
                {"contact_id": "%s"}
                """.formatted(contactId);
    }

    /** The provider reports the outcome on a test account: {@code verify}, {@code requires-input}, {@code cancel}. */
    JsonNode report(String verificationId, String helper) {
        return helpers.body(helpers.action(caller, verificationId, helper, "{}").expectStatus().isOk()).get("data");
    }

    /** The operator asks for these documents. */
    void asking(String documentsJson) {
        requirements.body(requirements.patch(caller, REQUIREMENTS, """
                {"documents": %s}
                """.formatted(documentsJson)).expectStatus().isOk());
    }

    /** The link the customer was emailed for the verification: only in the event crm writes the email from. */
    String link(String verificationId) {
        return operators.events(verificationId).stream()
                .filter(event -> event.get("type").asString().equals(IdentityVerificationEvents.LINK_ISSUED))
                .findFirst().orElseThrow().get("data").get("url").asString();
    }
}
