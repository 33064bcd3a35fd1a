package com.storageplatform.billing.mandate;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.billing.support.Accounts;
import com.storageplatform.billing.support.BillingApi;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code /v1/mandates}: made at the (simulated) provider on a contact's bank account, the lifecycle the provider's
 * reports drive through the test helpers, cancel, validation naming the field, tenants, events.
 */
@PlatformTest
class MandateTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    @Autowired
    Mandates mandates;

    BillingApi api;
    BillingApi methods;
    BillingApi helpers;
    Accounts accounts;
    final Caller caller = BillingApi.newAccount();
    UUID customer;

    @BeforeEach
    void setUp() {
        api = new BillingApi(client, json, "/v1/mandates");
        methods = api.on("/v1/payment-methods");
        helpers = api.on("/v1/test-helpers/mandates");
        accounts = new Accounts(db, json);
        customer = accounts.customer(caller);
    }

    String bankAccount(UUID contact) {
        return methods.createId(caller, """
                {"contact_id": "%s", "type": "bacs_debit",
                 "bank_account": {"account_holder_name": "Ada Lovelace", "sort_code": "20-00-00",
                                  "account_number": "55779911"}}
                """.formatted(contact));
    }

    JsonNode mandate(UUID contact) {
        bankAccount(contact);
        return api.create(caller, """
                {"contact_id": "%s"}
                """.formatted(contact));
    }

    JsonNode helper(String id, String report) {
        return api.body(helpers.action(caller, id, report, "").expectStatus().isOk()).get("data");
    }

    @Test
    void aMandateIsMadeAtTheProviderAwaitingAuthorisationOnTheContactsDefaultBankAccount() {
        String bank = bankAccount(customer);

        JsonNode mandate = api.create(caller, """
                {"contact_id": "%s"}
                """.formatted(customer));

        assertThat(mandate.propertyNames()).containsExactly("id", "object", "contact_id", "payment_method_id",
                "provider", "reference", "status", "scheme", "provider_mandate_ref", "next_possible_charge_date",
                "cancelled_at", "failed_reason", "created_at", "updated_at");
        assertThat(mandate.get("object").asString()).isEqualTo("mandate");
        assertThat(mandate.get("contact_id").asString()).isEqualTo(customer.toString());
        assertThat(mandate.get("payment_method_id").asString()).isEqualTo(bank);
        assertThat(mandate.get("provider").asString()).isEqualTo("gocardless");
        assertThat(mandate.get("reference").asString()).matches("SP-[2-9A-HJKMNP-Z]{8}");
        assertThat(mandate.get("status").asString()).isEqualTo("awaiting_authorisation");
        assertThat(mandate.get("scheme").asString()).isEqualTo("bacs");
        assertThat(mandate.get("provider_mandate_ref").asString()).startsWith("MD");
        assertThat(mandate.get("next_possible_charge_date").isString()).isTrue();
        assertThat(mandate.get("cancelled_at").isNull()).isTrue();
        assertThat(mandate.get("failed_reason").isNull()).isTrue();
        assertThat(api.read(caller, mandate.get("id").asString())).isEqualTo(mandate);
        List<JsonNode> events = accounts.events(mandate.get("id").asString());
        assertThat(events).extracting(event -> event.get("type").asString()).containsExactly("mandate.created");
        assertThat(events.get(0).get("data")).isEqualTo(mandate);
    }

    @Test
    void theBankAccountsWholeNumberIsErasedOnceTheProviderHoldsIt() {
        String bank = bankAccount(customer);
        assertThat(accountNumberKept(bank)).isEqualTo("55779911");

        api.create(caller, """
                {"contact_id": "%s", "payment_method_id": "%s"}
                """.formatted(customer, bank));

        assertThat(accountNumberKept(bank)).isNull();
        assertThat(methods.read(caller, bank).get("bacs_debit").get("account_number_last4").asString())
                .isEqualTo("9911");
    }

    String accountNumberKept(String paymentMethodId) {
        return db.sql("SELECT account_number FROM payment_methods WHERE id = :id")
                .bind("id", UUID.fromString(paymentMethodId))
                .map(row -> java.util.Optional.ofNullable(row.get(0, String.class))).one().block().orElse(null);
    }

    @Test
    void aSecondMandateOnTheSameBankAccountIsAConflictAndMakesNothing() {
        JsonNode first = mandate(customer);
        String bank = first.get("payment_method_id").asString();
        api.action(caller, first.get("id").asString(), "cancel", "{}").expectStatus().isOk();

        String message = api.errorMessage(api.post(caller, """
                {"contact_id": "%s", "payment_method_id": "%s"}
                """.formatted(customer, bank)), 409, "conflict");

        assertThat(message).contains("add the bank account again");
        assertThat(api.listedIds(caller, "?contact_id=" + customer)).containsExactly(first.get("id").asString());
    }

    @Test
    void everyBadFieldIsNamedInOneAnswer() {
        assertThat(api.issues(api.post(caller, """
                {"payment_method_id": "nope", "scheme": "sepa_core"}
                """))).containsExactlyInAnyOrder("contact_id required", "payment_method_id invalid",
                "scheme invalid");
        assertThat(api.issues(api.post(caller, """
                {"contact_id": "%s", "scheme": "sepa_core"}
                """.formatted(Ids.newId())))).containsExactlyInAnyOrder("contact_id not_found", "scheme invalid");
        assertThat(api.issues(api.post(caller, """
                {"contact_id": "%s", "scheme": "autogiro"}
                """.formatted(customer)))).containsExactlyInAnyOrder("scheme invalid", "payment_method_id required");
    }

    @Test
    void aContactOfAnotherAccountIsNotFoundAndTheWalkInRecordIsNotAllowed() {
        UUID theirs = accounts.customer(BillingApi.newAccount());
        assertThat(api.issues(api.post(caller, """
                {"contact_id": "%s"}
                """.formatted(theirs)))).containsExactly("contact_id not_found");
        assertThat(api.issues(api.post(caller, """
                {"contact_id": "%s"}
                """.formatted(accounts.walkIn(caller))))).containsExactly("contact_id not_allowed");
    }

    @Test
    void aContactWithoutADefaultBankAccountIsToldToAddOne() {
        String message = api.errorMessage(api.post(caller, """
                {"contact_id": "%s"}
                """.formatted(customer)), 422, "validation_error");

        assertThat(message).contains("no default bacs_debit payment method");
        assertThat(api.issues(api.post(caller, """
                {"contact_id": "%s"}
                """.formatted(customer)))).containsExactly("payment_method_id required");
    }

    @Test
    void thePaymentMethodMustBeAnActiveBankAccountOfTheContact() {
        String card = methods.createId(caller, """
                {"contact_id": "%s", "type": "card", "card_token": "test_card_visa"}
                """.formatted(customer));
        String othersBank = bankAccount(accounts.customer(caller));
        String detached = bankAccount(customer);
        methods.action(caller, detached, "detach", "{}").expectStatus().isOk();

        for (String id : new String[] {card, othersBank, detached, Ids.newId().toString()}) {
            assertThat(api.issues(api.post(caller, """
                    {"contact_id": "%s", "payment_method_id": "%s"}
                    """.formatted(customer, id)))).as(id).containsExactly("payment_method_id not_found");
        }
        assertThat(api.listedIds(caller, "")).isEmpty();
    }

    @Test
    void theTestHelpersMoveTheMandateAsTheProvidersReportsWouldWithTheirEvents() {
        String activated = mandate(customer).get("id").asString();
        String failed = mandate(accounts.customer(caller)).get("id").asString();
        String cancelled = mandate(accounts.customer(caller)).get("id").asString();

        JsonNode active = helper(activated, "activate");
        JsonNode refused = helper(failed, "fail");
        JsonNode ended = helper(cancelled, "cancel");

        assertThat(active.get("status").asString()).isEqualTo("active");
        assertThat(refused.get("status").asString()).isEqualTo("failed");
        assertThat(refused.get("failed_reason").asString()).isEqualTo("invalid_bank_details");
        assertThat(ended.get("status").asString()).isEqualTo("cancelled");
        assertThat(ended.get("cancelled_at").isString()).isTrue();
        assertThat(api.read(caller, activated)).isEqualTo(active);
        assertThat(accounts.eventTypes(activated)).containsExactly("mandate.created", "mandate.active");
        assertThat(accounts.eventTypes(failed)).containsExactly("mandate.created", "mandate.failed");
        assertThat(accounts.eventTypes(cancelled)).containsExactly("mandate.created", "mandate.cancelled");
        JsonNode event = accounts.events(activated).get(1);
        assertThat(event.get("actortype").asString()).isEqualTo("provider");
        assertThat(event.get("accountid").asString()).isEqualTo(caller.accountId().toString());
        assertThat(event.get("data")).isEqualTo(active);
    }

    @Test
    void anActiveMandateIsCancelledByTheBankButNeitherFailsNorActivatesAgain() {
        String id = mandate(customer).get("id").asString();
        JsonNode active = helper(id, "activate");

        assertThat(helper(id, "activate")).isEqualTo(active);
        assertThat(helper(id, "fail")).isEqualTo(active);
        assertThat(helper(id, "cancel").get("status").asString()).isEqualTo("cancelled");
        assertThat(accounts.eventTypes(id)).containsExactly("mandate.created", "mandate.active",
                "mandate.cancelled");
    }

    @Test
    void aLateReportChangesNothingOfAMandateInAFinalStatus() {
        String failed = mandate(customer).get("id").asString();
        JsonNode refused = helper(failed, "fail");
        String cancelled = mandate(accounts.customer(caller)).get("id").asString();
        JsonNode ended = helper(cancelled, "cancel");

        for (String report : new String[] {"activate", "fail", "cancel"}) {
            assertThat(helper(failed, report)).isEqualTo(refused);
            assertThat(helper(cancelled, report)).isEqualTo(ended);
        }
        assertThat(accounts.eventTypes(failed)).containsExactly("mandate.created", "mandate.failed");
        assertThat(accounts.eventTypes(cancelled)).containsExactly("mandate.created", "mandate.cancelled");
    }

    @Test
    void theTestHelpersAreNotFoundForLiveCredentialsAndForAnotherAccountsMandate() {
        String id = mandate(customer).get("id").asString();
        Caller live = new Caller(caller.accountId(), caller.operatorId(), Environment.LIVE, caller.scopes(), null,
                caller.actorType(), caller.credentialId(), caller.requestId());

        assertThat(api.errorCode(helpers.action(live, id, "activate", "{}"), 404)).isEqualTo("not_found");
        assertThat(api.errorCode(helpers.action(BillingApi.newAccount(), id, "activate", "{}"), 404))
                .isEqualTo("not_found");
        assertThat(api.read(caller, id).get("status").asString()).isEqualTo("awaiting_authorisation");
    }

    @Test
    void cancellingThroughTheApiEndsTheMandateAtTheProviderOnce() {
        String id = mandate(customer).get("id").asString();
        helper(id, "activate");

        JsonNode cancelled = api.body(api.action(caller, id, "cancel", "").expectStatus().isOk()).get("data");

        assertThat(cancelled.get("status").asString()).isEqualTo("cancelled");
        assertThat(cancelled.get("cancelled_at").isString()).isTrue();
        assertThat(api.body(api.action(caller, id, "cancel", "{}").expectStatus().isOk()).get("data"))
                .as("cancelled already: as it is").isEqualTo(cancelled);
        assertThat(helper(id, "cancel")).as("the provider's own report that follows").isEqualTo(cancelled);
        assertThat(accounts.eventTypes(id)).containsExactly("mandate.created", "mandate.active",
                "mandate.cancelled");
        assertThat(accounts.events(id).get(2).get("actortype").asString()).isEqualTo("api");
    }

    @Test
    void aFailedMandateCannotBeCancelled() {
        String id = mandate(customer).get("id").asString();
        helper(id, "fail");

        assertThat(api.errorMessage(api.action(caller, id, "cancel", "{}"), 409, "conflict")).contains("failed");
    }

    @Test
    void aBankAccountAMandateCollectsFromIsDetachedOnlyOnceTheMandateIsCancelled() {
        JsonNode mandate = mandate(customer);
        String bank = mandate.get("payment_method_id").asString();

        assertThat(api.errorMessage(methods.action(caller, bank, "detach", "{}"), 409, "conflict"))
                .contains(mandate.get("id").asString());
        api.action(caller, mandate.get("id").asString(), "cancel", "{}").expectStatus().isOk();
        assertThat(api.body(methods.action(caller, bank, "detach", "{}").expectStatus().isOk()).get("data")
                .get("status").asString()).isEqualTo("detached");
    }

    @Test
    void whatOtherFeaturesCollectOnIsTheContactsActiveMandate() {
        String awaiting = mandate(customer).get("id").asString();
        assertThat(mandates.active(caller.accountId(), customer, null).blockOptional()).isEmpty();
        assertThat(mandates.statusOf(caller.accountId(), UUID.fromString(awaiting)).block())
                .isEqualTo("awaiting_authorisation");

        JsonNode active = helper(awaiting, "activate");

        Mandates.ActiveMandate found = mandates.active(caller.accountId(), customer, null).block();
        assertThat(found.id().toString()).isEqualTo(awaiting);
        assertThat(found.contactId()).isEqualTo(customer);
        assertThat(found.provider()).isEqualTo("gocardless");
        assertThat(found.providerMandateRef()).isEqualTo(active.get("provider_mandate_ref").asString());
        assertThat(found.nextPossibleChargeDate().toString())
                .isEqualTo(active.get("next_possible_charge_date").asString());
        assertThat(mandates.active(caller.accountId(), customer, UUID.fromString(awaiting)).block()).isEqualTo(found);
        assertThat(mandates.active(caller.accountId(), accounts.customer(caller), UUID.fromString(awaiting))
                .blockOptional()).as("another contact's").isEmpty();
        assertThat(mandates.active(BillingApi.newAccount().accountId(), customer, UUID.fromString(awaiting))
                .blockOptional()).as("another account's").isEmpty();

        helper(awaiting, "cancel");
        assertThat(mandates.active(caller.accountId(), customer, UUID.fromString(awaiting)).blockOptional())
                .isEmpty();
        assertThat(mandates.statusOf(caller.accountId(), UUID.fromString(awaiting)).block()).isEqualTo("cancelled");
        assertThat(mandates.statusOf(BillingApi.newAccount().accountId(), UUID.fromString(awaiting))
                .blockOptional()).isEmpty();
    }

    @Test
    void listsFilterOnContactAndStatusNewestFirst() {
        UUID other = accounts.customer(caller);
        String first = mandate(customer).get("id").asString();
        String second = mandate(other).get("id").asString();
        helper(second, "activate");

        assertThat(api.listedIds(caller, "")).containsExactly(second, first);
        assertThat(api.listedIds(caller, "?contact_id=" + customer)).containsExactly(first);
        assertThat(api.listedIds(caller, "?status=active")).containsExactly(second);
        assertThat(api.errorCode(api.get(caller, "?status=pending"), 400)).isEqualTo("validation_error");
    }

    @Test
    void anotherAccountNeitherReadsNorListsNorCancelsThem() {
        String id = mandate(customer).get("id").asString();
        Caller other = BillingApi.newAccount();

        assertThat(api.errorCode(api.get(other, "/" + id), 404)).isEqualTo("not_found");
        assertThat(api.listedIds(other, "")).isEmpty();
        assertThat(api.errorCode(api.action(other, id, "cancel", "{}"), 404)).isEqualTo("not_found");
        assertThat(api.read(caller, id).get("status").asString()).isEqualTo("awaiting_authorisation");
    }
}
