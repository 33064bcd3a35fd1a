package com.storageplatform.billing.paymentmethod;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.billing.support.Accounts;
import com.storageplatform.billing.support.BillingApi;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import com.storageplatform.kit.testsupport.PlatformTest;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code /v1/payment-methods}: cards saved from their token, bank accounts kept masked, a default per contact and
 * type, detach, validation naming the field, tenants.
 */
@PlatformTest
class PaymentMethodTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    @Autowired
    PaymentMethods paymentMethods;

    BillingApi api;
    Accounts accounts;
    final Caller caller = BillingApi.newAccount();
    UUID customer;

    @BeforeEach
    void setUp() {
        api = new BillingApi(client, json, "/v1/payment-methods");
        accounts = new Accounts(db, json);
        customer = accounts.customer(caller);
    }

    JsonNode card(UUID contact, String token) {
        return api.create(caller, """
                {"contact_id": "%s", "type": "card", "card_token": "%s"}
                """.formatted(contact, token));
    }

    JsonNode bankAccount(UUID contact, String accountNumber) {
        return api.create(caller, """
                {"contact_id": "%s", "type": "bacs_debit",
                 "bank_account": {"account_holder_name": "Ada Lovelace", "sort_code": "20 00-00",
                                  "account_number": "%s"}}
                """.formatted(contact, accountNumber));
    }

    @Test
    void aCardIsSavedFromItsTokenWithEveryFieldAndIsTheContactsFirstDefaultCard() {
        JsonNode card = card(customer, "test_card_visa");

        assertThat(card.propertyNames()).containsExactly("id", "object", "contact_id", "type", "card", "bacs_debit",
                "provider", "is_default", "status", "created_at", "updated_at");
        assertThat(card.get("object").asString()).isEqualTo("payment_method");
        assertThat(card.get("contact_id").asString()).isEqualTo(customer.toString());
        assertThat(card.get("type").asString()).isEqualTo("card");
        assertThat(card.get("card").propertyNames()).containsExactly("brand", "last4", "exp_month", "exp_year");
        assertThat(card.get("card").get("brand").asString()).isEqualTo("visa");
        assertThat(card.get("card").get("last4").asString()).isEqualTo("4242");
        assertThat(card.get("bacs_debit").isNull()).isTrue();
        assertThat(card.get("provider").asString()).isEqualTo("stripe");
        assertThat(card.get("is_default").asBoolean()).isTrue();
        assertThat(card.get("status").asString()).isEqualTo("active");
        assertThat(api.read(caller, card.get("id").asString())).isEqualTo(card);
    }

    @Test
    void everyTestCardTokenIsSavedForDeclinesAndStepUpsHappenWhenCharged() {
        for (String token : new String[] {"test_card_visa", "test_card_declined", "test_card_requires_action"}) {
            assertThat(card(customer, token).get("status").asString()).as(token).isEqualTo("active");
        }
    }

    @Test
    void aTokenTheCardProviderDoesNotKnowIs422OnCardToken() {
        assertThat(api.issues(api.post(caller, """
                {"contact_id": "%s", "type": "card", "card_token": "tok_visa"}
                """.formatted(customer)))).containsExactly("card_token invalid");
        assertThat(api.listedIds(caller, "?contact_id=" + customer)).isEmpty();
    }

    @Test
    void aBankAccountKeepsItsSortCodeAndTheLastFourDigitsOfItsNumberAndNeverAnswersTheNumber() {
        String body = new String(api.post(caller, """
                {"contact_id": "%s", "type": "bacs_debit",
                 "bank_account": {"account_holder_name": " Ada Lovelace ", "sort_code": "20 00-00",
                                  "account_number": "55779911"}}
                """.formatted(customer)).expectStatus().isCreated().expectBody().returnResult().getResponseBody(),
                java.nio.charset.StandardCharsets.UTF_8);
        JsonNode method = json.readTree(body).get("data");

        assertThat(body).doesNotContain("55779911");
        assertThat(method.get("type").asString()).isEqualTo("bacs_debit");
        assertThat(method.get("card").isNull()).isTrue();
        assertThat(method.get("bacs_debit").propertyNames()).containsExactly("account_holder_name", "sort_code",
                "account_number_last4");
        assertThat(method.get("bacs_debit").get("account_holder_name").asString()).isEqualTo("Ada Lovelace");
        assertThat(method.get("bacs_debit").get("sort_code").asString()).isEqualTo("20-00-00");
        assertThat(method.get("bacs_debit").get("account_number_last4").asString()).isEqualTo("9911");
        assertThat(method.get("provider").asString()).isEqualTo("gocardless");
        assertThat(method.get("is_default").asBoolean()).isTrue();
        assertThat(api.list(caller, "?contact_id=" + customer).toString()).doesNotContain("55779911");
        assertThat(db.sql("SELECT sort_code FROM payment_methods WHERE id = :id")
                .bind("id", UUID.fromString(method.get("id").asString()))
                .map(row -> row.get(0, String.class)).one().block()).isEqualTo("200000");
    }

    @Test
    void everyBadFieldIsNamedInOneAnswer() {
        assertThat(api.issues(api.post(caller, """
                {"contact_id": "nope", "type": "bacs_debit", "card_token": "test_card_visa",
                 "bank_account": {"account_holder_name": "Augusta Ada King-Noel", "sort_code": "20-00-0",
                                  "account_number": "5577991"}}
                """))).containsExactlyInAnyOrder("contact_id invalid", "card_token not_allowed",
                "bank_account.account_holder_name too_long", "bank_account.sort_code invalid",
                "bank_account.account_number invalid");
        assertThat(api.issues(api.post(caller, """
                {"type": "debit_card"}
                """))).containsExactlyInAnyOrder("contact_id required", "type invalid");
        assertThat(api.issues(api.post(caller, "{}"))).containsExactlyInAnyOrder("contact_id required",
                "type required");
    }

    @Test
    void eachTypeRequiresItsOwnFieldAndRefusesTheOthers() {
        assertThat(api.issues(api.post(caller, """
                {"contact_id": "%s", "type": "card",
                 "bank_account": {"account_holder_name": "A", "sort_code": "200000", "account_number": "12345678"}}
                """.formatted(customer)))).containsExactlyInAnyOrder("card_token required",
                "bank_account not_allowed");
        assertThat(api.issues(api.post(caller, """
                {"contact_id": "%s", "type": "bacs_debit"}
                """.formatted(customer)))).containsExactly("bank_account required");
        assertThat(api.issues(api.post(caller, """
                {"contact_id": "%s", "type": "bacs_debit", "bank_account": {}}
                """.formatted(customer)))).containsExactlyInAnyOrder("bank_account.account_holder_name required",
                "bank_account.sort_code required", "bank_account.account_number required");
    }

    @Test
    void anAccountHolderNameIsAtMostEighteenPrintableCharactersAsBacsCarries() {
        assertThat(api.create(caller, """
                {"contact_id": "%s", "type": "bacs_debit",
                 "bank_account": {"account_holder_name": "Ada Byron Lovelace", "sort_code": "200000",
                                  "account_number": "12345678"}}
                """.formatted(customer)).get("bacs_debit").get("account_holder_name").asString())
                .isEqualTo("Ada Byron Lovelace");
        assertThat(api.issues(api.post(caller, """
                {"contact_id": "%s", "type": "bacs_debit",
                 "bank_account": {"account_holder_name": "Ada\\u202eLovelace", "sort_code": "200000",
                                  "account_number": "12345678"}}
                """.formatted(customer)))).containsExactly("bank_account.account_holder_name invalid");
    }

    @Test
    void aContactBillingDoesNotKnowOrOfAnotherAccountIsNotFoundOnContactId() {
        UUID theirs = accounts.customer(BillingApi.newAccount());
        for (UUID contact : new UUID[] {theirs, Ids.newId()}) {
            assertThat(api.issues(api.post(caller, """
                    {"contact_id": "%s", "type": "card", "card_token": "test_card_visa"}
                    """.formatted(contact)))).containsExactly("contact_id not_found");
        }
    }

    @Test
    void theWalkInSalesRecordHasNoPaymentMethods() {
        UUID walkIn = accounts.walkIn(caller);
        assertThat(api.issues(api.post(caller, """
                {"contact_id": "%s", "type": "card", "card_token": "test_card_visa"}
                """.formatted(walkIn)))).containsExactly("contact_id not_allowed");
    }

    @Test
    void onlyTheFirstMethodOfATypeIsTheContactsDefaultOfThatType() {
        JsonNode first = card(customer, "test_card_visa");
        JsonNode second = card(customer, "test_card_declined");
        JsonNode bank = bankAccount(customer, "12345678");

        assertThat(first.get("is_default").asBoolean()).isTrue();
        assertThat(second.get("is_default").asBoolean()).isFalse();
        assertThat(bank.get("is_default").asBoolean()).as("the first bank account").isTrue();
        assertThat(card(accounts.customer(caller), "test_card_visa").get("is_default").asBoolean())
                .as("another contact's first card").isTrue();
    }

    @Test
    void setDefaultMakesTheMethodTheOnlyDefaultOfItsType() {
        String first = card(customer, "test_card_visa").get("id").asString();
        String second = card(customer, "test_card_declined").get("id").asString();
        String bank = bankAccount(customer, "12345678").get("id").asString();

        JsonNode made = api.body(api.action(caller, second, "set-default", "{}").expectStatus().isOk()).get("data");

        assertThat(made.get("is_default").asBoolean()).isTrue();
        assertThat(api.read(caller, first).get("is_default").asBoolean()).isFalse();
        assertThat(api.read(caller, bank).get("is_default").asBoolean()).as("another type's default").isTrue();
        assertThat(paymentMethods.card(caller.accountId(), customer, null).block().id().toString())
                .isEqualTo(second);
        assertThat(api.body(api.action(caller, second, "set-default", "{}").expectStatus().isOk())
                .get("data").get("is_default").asBoolean()).as("the default already").isTrue();
    }

    @Test
    void aDetachedMethodIsNoLongerADefaultNorUsedAndCannotBecomeOne() {
        String first = card(customer, "test_card_visa").get("id").asString();
        card(customer, "test_card_declined");

        JsonNode detached = api.body(api.action(caller, first, "detach", "").expectStatus().isOk()).get("data");

        assertThat(detached.get("status").asString()).isEqualTo("detached");
        assertThat(detached.get("is_default").asBoolean()).isFalse();
        assertThat(api.read(caller, first)).isEqualTo(detached);
        assertThat(paymentMethods.card(caller.accountId(), customer, null).blockOptional())
                .as("no other card became the default").isEmpty();
        assertThat(paymentMethods.card(caller.accountId(), customer, UUID.fromString(first)).blockOptional())
                .isEmpty();
        assertThat(api.errorCode(api.action(caller, first, "set-default", "{}"), 409)).isEqualTo("conflict");
        assertThat(api.body(api.action(caller, first, "detach", "{}").expectStatus().isOk()).get("data"))
                .as("detached already: as it is").isEqualTo(detached);
    }

    @Test
    void theCardOtherFeaturesChargeIsTheContactsActiveCardByIdOrItsDefault() {
        String visa = card(customer, "test_card_visa").get("id").asString();
        String declined = card(customer, "test_card_declined").get("id").asString();
        String bank = bankAccount(customer, "12345678").get("id").asString();

        PaymentMethods.Card byDefault = paymentMethods.card(caller.accountId(), customer, null).block();
        assertThat(byDefault.id().toString()).isEqualTo(visa);
        assertThat(byDefault.contactId()).isEqualTo(customer);
        assertThat(byDefault.providerRef()).startsWith("pm_sim_visa_");
        assertThat(byDefault.last4()).isEqualTo("4242");
        assertThat(paymentMethods.card(caller.accountId(), customer, UUID.fromString(declined)).block().last4())
                .isEqualTo("0002");
        assertThat(paymentMethods.card(caller.accountId(), customer, UUID.fromString(bank)).blockOptional())
                .as("not a card").isEmpty();
        assertThat(paymentMethods.card(caller.accountId(), accounts.customer(caller), UUID.fromString(visa))
                .blockOptional()).as("another contact's").isEmpty();
        assertThat(paymentMethods.card(BillingApi.newAccount().accountId(), customer, UUID.fromString(visa))
                .blockOptional()).as("another account's").isEmpty();
    }

    @Test
    void listsFilterOnContactTypeAndStatusNewestFirst() {
        UUID other = accounts.customer(caller);
        String visa = card(customer, "test_card_visa").get("id").asString();
        String bank = bankAccount(customer, "12345678").get("id").asString();
        String theirs = card(other, "test_card_visa").get("id").asString();
        api.action(caller, visa, "detach", "{}").expectStatus().isOk();

        assertThat(api.listedIds(caller, "?contact_id=" + customer)).containsExactly(bank, visa);
        assertThat(api.listedIds(caller, "?type=card")).containsExactly(theirs, visa);
        assertThat(api.listedIds(caller, "?status=detached")).containsExactly(visa);
        assertThat(api.errorCode(api.get(caller, "?type=cheque"), 400)).isEqualTo("validation_error");
    }

    @Test
    void anotherAccountNeitherReadsNorListsNorChangesThem() {
        String id = card(customer, "test_card_visa").get("id").asString();
        Caller other = BillingApi.newAccount();

        assertThat(api.errorCode(api.get(other, "/" + id), 404)).isEqualTo("not_found");
        assertThat(api.listedIds(other, "")).isEmpty();
        assertThat(api.errorCode(api.action(other, id, "detach", "{}"), 404)).isEqualTo("not_found");
        assertThat(api.errorCode(api.action(other, id, "set-default", "{}"), 404)).isEqualTo("not_found");
        assertThat(api.read(caller, id).get("status").asString()).isEqualTo("active");
    }

    @Test
    void aPaymentMethodIsNeverDeleted() {
        String id = card(customer, "test_card_visa").get("id").asString();
        assertThat(api.errorCode(api.delete(caller, id), 405)).isEqualTo("method_not_allowed");
    }
}
