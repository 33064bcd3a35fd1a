package com.storageplatform.billing.notification;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.billing.provider.ProviderEvent;
import com.storageplatform.billing.support.Accounts;
import com.storageplatform.billing.support.BillingApi;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.testsupport.PlatformTest;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.context.TestPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code POST /providers/{provider}/notifications}: a live GoCardless webhook, written here as GoCardless documents
 * it and signed with the live webhook secret, moves a mandate exactly as the test helper does; each event once;
 * nothing on a bad signature. Stripe is not set up in this test, GoCardless is (its API never called).
 */
@PlatformTest
@TestPropertySource(properties = {
        "billing.providers.gocardless.access-token=live_not_called",
        "billing.providers.gocardless.webhook-secret=" + ProviderNotificationTest.SECRET,
        "billing.providers.gocardless.base-url=http://127.0.0.1:9"})
class ProviderNotificationTest {

    static final String SECRET = "gc_webhook_secret_for_tests";
    /** The payment a {@link CountingHandler} fails on, as a feature's handler can. */
    static final String FAILING_PAYMENT = "PM000FAILS";

    /** Another feature's handler (payments' shape): counts what it is handed, and fails on one payment. */
    @TestConfiguration
    static class CountingHandler implements ProviderEventHandler {

        final Map<String, AtomicInteger> handled = new ConcurrentHashMap<>();

        @Override
        public Set<ProviderEvent.Kind> kinds() {
            return Set.of(ProviderEvent.Kind.PAYMENT_PAID_OUT);
        }

        @Override
        public Mono<Void> handle(ProviderEvent event) {
            if (FAILING_PAYMENT.equals(event.resourceRef())) {
                return Mono.error(new IllegalStateException("payments could not apply " + event.eventId()));
            }
            handled.computeIfAbsent(event.resourceRef(), ref -> new AtomicInteger()).incrementAndGet();
            return Mono.empty();
        }
    }

    @Autowired
    CountingHandler counting;

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    BillingApi api;
    Accounts accounts;
    final Caller caller = BillingApi.newAccount();

    @BeforeEach
    void setUp() {
        api = new BillingApi(client, json, "/v1/mandates");
        accounts = new Accounts(db, json);
    }

    /** A mandate awaiting authorisation on a fresh customer's bank account. */
    JsonNode mandate() {
        UUID contact = accounts.customer(caller);
        api.on("/v1/payment-methods").create(caller, """
                {"contact_id": "%s", "type": "bacs_debit",
                 "bank_account": {"account_holder_name": "Ada Lovelace", "sort_code": "200000",
                                  "account_number": "55779911"}}
                """.formatted(contact));
        return api.create(caller, """
                {"contact_id": "%s"}
                """.formatted(contact));
    }

    /** A GoCardless webhook body of these events, as GoCardless documents it. */
    static String webhook(String... events) {
        return "{\"events\":[" + String.join(",", events) + "]}";
    }

    /** A GoCardless webhook body of one mandate event. */
    static String gocardless(String eventId, String action, String mandateRef, String cause) {
        return webhook(event(eventId, "mandates", action, "mandate", mandateRef, cause));
    }

    static String event(String eventId, String resourceType, String action, String link, String ref, String cause) {
        return """
                {"id":"%s","created_at":"2026-11-27T10:15:00.000Z","resource_type":"%s","action":"%s",\
                "links":{"%s":"%s"},"details":{"origin":"bank","cause":"%s","description":"Reported."},\
                "metadata":{}}""".formatted(eventId, resourceType, action, link, ref, cause);
    }

    static String paidOut(String eventId, String paymentRef) {
        return event(eventId, "payments", "paid_out", "payment", paymentRef, "payment_paid_out");
    }

    static String sign(String body, String secret) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal(body.getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    WebTestClient.ResponseSpec send(String provider, String body, String header, String signature) {
        return client.post().uri("/providers/" + provider + "/notifications")
                .contentType(MediaType.APPLICATION_JSON)
                .header(header, signature)
                .bodyValue(body)
                .exchange();
    }

    WebTestClient.ResponseSpec send(String body) {
        return send("gocardless", body, "Webhook-Signature", sign(body, SECRET));
    }

    @Test
    void aLiveNotificationMovesTheMandateExactlyAsTheTestHelperDoes() {
        JsonNode byProvider = mandate();
        JsonNode byHelper = mandate();

        JsonNode answer = api.body(send(gocardless("EV0000A1", "active",
                byProvider.get("provider_mandate_ref").asString(), "mandate_activated")).expectStatus().isOk());
        api.body(api.on("/v1/test-helpers/mandates").action(caller, byHelper.get("id").asString(), "activate", "")
                .expectStatus().isOk());

        assertThat(answer.toString()).isEqualTo("{\"data\":{\"received\":1}}");
        JsonNode provided = api.read(caller, byProvider.get("id").asString());
        JsonNode helped = api.read(caller, byHelper.get("id").asString());
        assertThat(provided.get("status").asString()).isEqualTo("active");
        assertThat(withoutIdentity(provided)).isEqualTo(withoutIdentity(helped));
        List<JsonNode> real = accounts.events(byProvider.get("id").asString());
        List<JsonNode> simulated = accounts.events(byHelper.get("id").asString());
        assertThat(real).extracting(e -> e.get("type").asString())
                .isEqualTo(simulated.stream().map(e -> e.get("type").asString()).toList())
                .containsExactly("mandate.created", "mandate.active");
        assertThat(real.get(1).get("actortype").asString()).isEqualTo("provider");
        assertThat(simulated.get(1).get("actortype").asString()).isEqualTo("provider");
        assertThat(real.get(1).get("accountid").asString()).isEqualTo(caller.accountId().toString());
        assertThat(real.get(1).get("environment").asString()).isEqualTo("test");
        assertThat(real.get(1).get("operatorid").asString()).isEqualTo(caller.operatorId().toString());
    }

    /** The mandate's fields but those that name it and its times. */
    static JsonNode withoutIdentity(JsonNode mandate) {
        var copy = mandate.deepCopy();
        for (String field : List.of("id", "contact_id", "payment_method_id", "reference", "provider_mandate_ref",
                "created_at", "updated_at", "cancelled_at")) {
            ((tools.jackson.databind.node.ObjectNode) copy).remove(field);
        }
        return copy;
    }

    @Test
    void aFailureAndACancellationCarryTheBanksCause() {
        JsonNode failed = mandate();
        JsonNode cancelled = mandate();

        send(gocardless("EV0000B1", "failed", failed.get("provider_mandate_ref").asString(),
                "bank_account_closed")).expectStatus().isOk();
        send(gocardless("EV0000B2", "cancelled", cancelled.get("provider_mandate_ref").asString(),
                "mandate_cancelled")).expectStatus().isOk();

        JsonNode refused = api.read(caller, failed.get("id").asString());
        assertThat(refused.get("status").asString()).isEqualTo("failed");
        assertThat(refused.get("failed_reason").asString()).isEqualTo("bank_account_closed");
        assertThat(api.read(caller, cancelled.get("id").asString()).get("status").asString()).isEqualTo("cancelled");
        assertThat(accounts.eventTypes(cancelled.get("id").asString())).containsExactly("mandate.created",
                "mandate.cancelled");
    }

    @Test
    void anEventSentAgainChangesNothingAndIsStillAnswered200() {
        JsonNode mandate = mandate();
        String ref = mandate.get("provider_mandate_ref").asString();
        String activated = gocardless("EV0000C1", "active", ref, "mandate_activated");

        send(activated).expectStatus().isOk();
        send(gocardless("EV0000C2", "cancelled", ref, "mandate_cancelled")).expectStatus().isOk();
        JsonNode again = api.body(send(activated).expectStatus().isOk());

        assertThat(again.path("data").path("received").asInt()).isEqualTo(1);
        assertThat(api.read(caller, mandate.get("id").asString()).get("status").asString()).isEqualTo("cancelled");
        assertThat(accounts.eventTypes(mandate.get("id").asString())).containsExactly("mandate.created",
                "mandate.active", "mandate.cancelled");
        assertThat(db.sql("SELECT count(*) FROM provider_events WHERE provider = 'gocardless' "
                        + "AND event_id = 'EV0000C1'")
                .map(row -> row.get(0, Long.class)).one().block()).isEqualTo(1);
    }

    @Test
    void eachEventReachesEveryHandlerOfItsKindOnceHoweverOftenItIsSent() {
        String body = webhook(paidOut("EV0000H1", "PM000H1"));

        send(body).expectStatus().isOk();
        send(body).expectStatus().isOk();

        assertThat(counting.handled.get("PM000H1")).hasValue(1);
    }

    @Test
    void aHandlerThatFailsRollsTheWholeNotificationBackForTheProviderToSendAgain() {
        JsonNode mandate = mandate();
        String body = webhook(event("EV0000I1", "mandates", "active", "mandate",
                mandate.get("provider_mandate_ref").asString(), "mandate_activated"),
                paidOut("EV0000I2", FAILING_PAYMENT));

        send(body).expectStatus().isEqualTo(500);

        assertThat(api.read(caller, mandate.get("id").asString()).get("status").asString())
                .isEqualTo("awaiting_authorisation");
        assertThat(accounts.eventTypes(mandate.get("id").asString())).containsExactly("mandate.created");
        assertThat(db.sql("SELECT count(*) FROM provider_events WHERE event_id IN ('EV0000I1', 'EV0000I2')")
                .map(row -> row.get(0, Long.class)).one().block()).isZero();
    }

    @Test
    void aBadOrMissingSignatureIs400AndAppliesNothing() {
        JsonNode mandate = mandate();
        String body = gocardless("EV0000D1", "active", mandate.get("provider_mandate_ref").asString(),
                "mandate_activated");

        assertThat(api.errorCode(send("gocardless", body, "Webhook-Signature", sign(body, "another_secret")), 400))
                .isEqualTo("invalid_request");
        assertThat(api.errorCode(client.post().uri("/providers/gocardless/notifications")
                .contentType(MediaType.APPLICATION_JSON).bodyValue(body).exchange(), 400))
                .isEqualTo("invalid_request");
        assertThat(api.errorCode(send("gocardless", body + " ", "Webhook-Signature", sign(body, SECRET)), 400))
                .as("a body changed after signing").isEqualTo("invalid_request");

        assertThat(api.read(caller, mandate.get("id").asString()).get("status").asString())
                .isEqualTo("awaiting_authorisation");
        assertThat(db.sql("SELECT count(*) FROM provider_events WHERE event_id = 'EV0000D1'")
                .map(row -> row.get(0, Long.class)).one().block()).isZero();
        send(body).expectStatus().isOk();
        assertThat(api.read(caller, mandate.get("id").asString()).get("status").asString()).isEqualTo("active");
    }

    @Test
    void anEventNamingNothingOfOursIsRecordedAndAnswered200() {
        send(gocardless("EV0000E1", "active", "MD000NOTOURS", "mandate_activated")).expectStatus().isOk();
        String subscription = webhook(event("EV0000E2", "subscriptions", "created", "subscription", "SB123", "x"));
        send(subscription).expectStatus().isOk();

        assertThat(db.sql("SELECT kind FROM provider_events WHERE event_id IN ('EV0000E1', 'EV0000E2') "
                        + "ORDER BY event_id")
                .map(row -> row.get(0, String.class)).all().collectList().block())
                .containsExactly("MANDATE_ACTIVE", "IGNORED");
    }

    @Test
    void aNotificationOfManyEventsAppliesThemInOrderInOneAnswer() {
        JsonNode mandate = mandate();
        String ref = mandate.get("provider_mandate_ref").asString();
        String body = webhook(event("EV0000F1", "mandates", "active", "mandate", ref, "mandate_activated"),
                event("EV0000F2", "mandates", "cancelled", "mandate", ref, "mandate_cancelled"));

        assertThat(api.body(send(body).expectStatus().isOk()).path("data").path("received").asInt()).isEqualTo(2);
        assertThat(accounts.eventTypes(mandate.get("id").asString())).containsExactly("mandate.created",
                "mandate.active", "mandate.cancelled");
    }

    @Test
    void anUnknownProviderIsNotFoundAndOneNotSetUpIsAConflict() {
        assertThat(api.errorCode(send("paypal", "{}", "Webhook-Signature", "x"), 404)).isEqualTo("not_found");
        assertThat(api.errorMessage(send("stripe", "{}", "Stripe-Signature", "t=1,v1=x"), 409, "conflict"))
                .contains("not set up");
    }

    @Test
    void noCallerTokenIsAskedForAndNoneIsTaken() {
        JsonNode mandate = mandate();
        String body = gocardless("EV0000G1", "active", mandate.get("provider_mandate_ref").asString(), "x");

        client.post().uri("/providers/gocardless/notifications")
                .contentType(MediaType.APPLICATION_JSON)
                .header("Webhook-Signature", sign(body, SECRET))
                .header("Authorization", "Bearer not_a_caller_token")
                .bodyValue(body)
                .exchange()
                .expectStatus().isOk();
    }
}
