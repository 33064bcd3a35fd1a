package com.storageplatform.compliance.identity;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.compliance.internal.AccountSettings;
import com.storageplatform.compliance.internal.Customers;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.time.PlatformClock;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code GET /id-checks/start?token=...}: the customer's link, opened without a credential, sends them on to the
 * provider's page while the online check is open and the link has not expired; nothing else opens it.
 */
@PlatformTest
class IdCheckLinkTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    @Autowired
    AccountSettings settings;

    @Autowired
    Customers customers;

    @Autowired
    PlatformClock clock;

    IdentityFixtures f;

    @BeforeEach
    void setUp() {
        f = new IdentityFixtures(client, json, db, settings, customers, true);
    }

    @AfterEach
    void backToNow() {
        clock.setOffset(Duration.ZERO);
    }

    WebTestClient.ResponseSpec open(String link) {
        return client.get().uri(link.substring(link.indexOf("/id-checks/"))).exchange();
    }

    @Test
    void theLinkSendsTheCustomerToTheProvidersPageWithoutACredentialOrAReferrer() {
        String id = f.verification().get("id").asString();
        String reference = f.api.read(f.caller, id).get("provider_reference").asString();

        open(f.link(id)).expectStatus().isSeeOther()
                .expectHeader().valueEquals("Location", "https://simulator.invalid/identity/" + reference)
                .expectHeader().valueEquals("Cache-Control", "no-store")
                .expectHeader().valueEquals("Referrer-Policy", "no-referrer");
        // Opened again (a mail scanner, a second look), it still leads there.
        open(f.link(id)).expectStatus().isSeeOther();
        // A check waiting for staff still takes the customer's input: they may try again.
        f.report(id, "requires-input");
        open(f.link(id)).expectStatus().isSeeOther();
    }

    @Test
    void aLinkOpensNothingOnceTheCheckIsOverOrTheLinkHasExpired() {
        String verified = f.verification().get("id").asString();
        f.report(verified, "verify");
        assertThat(f.api.errorMessage(open(f.link(verified)), 409, "conflict")).contains("over");

        String canceled = f.verification().get("id").asString();
        f.report(canceled, "cancel");
        assertThat(f.api.errorCode(open(f.link(canceled)), 409)).isEqualTo("conflict");

        String expired = f.verification().get("id").asString();
        clock.setOffset(IdCheckLinks.VALIDITY.plusMinutes(1));
        assertThat(f.api.errorMessage(open(f.link(expired)), 404, "not_found")).contains("expired");
    }

    @Test
    void aTokenThatIsNoLinksOpensNothing() {
        f.verification();
        assertThat(f.api.errorCode(open("/id-checks/start?token=" + "A".repeat(43)), 404)).isEqualTo("not_found");
        assertThat(f.api.errorCode(open("/id-checks/start"), 404)).isEqualTo("not_found");
    }
}
