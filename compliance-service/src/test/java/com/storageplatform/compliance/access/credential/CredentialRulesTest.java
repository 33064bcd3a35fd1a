package com.storageplatform.compliance.access.credential;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.compliance.access.credential.CredentialRules.Terms;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.FieldIssue;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The pure rules of credentials: what a new one may carry, the reasons, and which action fits which status. */
class CredentialRulesTest {

    static final String AGREEMENT = Ids.newId().toString();

    static List<String> issues(CreateAccessCredential body) {
        Validation v = Validation.start();
        CredentialRules.check(v, body);
        return v.issues().stream().map(i -> i.field() + " " + i.issue()).toList();
    }

    @Test
    void aFobNeedsItsNumberOfLettersAndDigitsKeptUpperCase() {
        assertThat(issues(new CreateAccessCredential(AGREEMENT, "fob", null))).containsExactly("code required");
        assertThat(issues(new CreateAccessCredential(AGREEMENT, "fob", "  "))).containsExactly("code required");
        assertThat(issues(new CreateAccessCredential(AGREEMENT, "fob", "ab-12"))).containsExactly("code invalid");
        assertThat(issues(new CreateAccessCredential(AGREEMENT, "fob", "abc"))).containsExactly("code invalid");
        Validation v = Validation.start();
        Terms terms = CredentialRules.check(v, new CreateAccessCredential(AGREEMENT, "fob", " 04a1b2c3 "));
        assertThat(v.isValid()).isTrue();
        assertThat(terms.code()).isEqualTo("04A1B2C3");
    }

    @Test
    void aChosenGateCodeIsFourToEightDigitsAndAnAppKeyIsAlwaysMade() {
        assertThat(issues(new CreateAccessCredential(AGREEMENT, "gate_code", null))).isEmpty();
        assertThat(issues(new CreateAccessCredential(AGREEMENT, "gate_code", "2468"))).isEmpty();
        assertThat(issues(new CreateAccessCredential(AGREEMENT, "gate_code", "123"))).containsExactly("code invalid");
        assertThat(issues(new CreateAccessCredential(AGREEMENT, "gate_code", "123456789")))
                .containsExactly("code invalid");
        assertThat(issues(new CreateAccessCredential(AGREEMENT, "gate_code", "12a4"))).containsExactly("code invalid");
        assertThat(issues(new CreateAccessCredential(AGREEMENT, "app_key", "mine")))
                .containsExactly("code not_allowed");
    }

    @Test
    void everyBadFieldIsNamedAtOnce() {
        assertThat(issues(new CreateAccessCredential(null, null, null)))
                .containsExactly("agreement_id required", "kind required");
        assertThat(issues(new CreateAccessCredential("nope", "key_card", null)))
                .containsExactly("agreement_id invalid", "kind invalid");
    }

    @Test
    void theOperatorGivesOneOfItsOwnReasonsOrOther() {
        assertThat(CredentialRules.operatorReason(null)).isEqualTo("other");
        assertThat(CredentialRules.operatorReason(new CredentialAction(null))).isEqualTo("other");
        assertThat(CredentialRules.operatorReason(new CredentialAction("stolen"))).isEqualTo("stolen");
        assertThatThrownBy(() -> CredentialRules.operatorReason(new CredentialAction("overlock")))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.details())
                        .containsExactly(new FieldIssue("reason", FieldIssue.NOT_ALLOWED)));
        assertThatThrownBy(() -> CredentialRules.operatorReason(new CredentialAction("bored")))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.details())
                        .containsExactly(new FieldIssue("reason", FieldIssue.INVALID)));
    }

    @Test
    void eachActionFitsItsStatuses() {
        AccessCredential active = credential("active", null);
        AccessCredential suspended = credential("suspended", "lost");
        AccessCredential overlocked = credential("suspended", "overlock");
        AccessCredential revoked = credential("revoked", "stolen");

        CredentialRules.requireSuspendable(active);
        conflict(() -> CredentialRules.requireSuspendable(suspended));
        conflict(() -> CredentialRules.requireSuspendable(revoked));

        CredentialRules.requireReinstatable(suspended, false);
        CredentialRules.requireReinstatable(suspended, true);
        conflict(() -> CredentialRules.requireReinstatable(active, false));
        conflict(() -> CredentialRules.requireReinstatable(revoked, false));
        assertThatThrownBy(() -> CredentialRules.requireReinstatable(overlocked, true))
                .hasMessageContaining("overlock is released");
        CredentialRules.requireReinstatable(overlocked, false);

        CredentialRules.requireRevocable(active);
        CredentialRules.requireRevocable(overlocked);
        conflict(() -> CredentialRules.requireRevocable(revoked));
    }

    private static void conflict(Runnable action) {
        assertThatThrownBy(action::run).isInstanceOfSatisfying(ApiException.class, e -> {
            assertThat(e.status().value()).isEqualTo(409);
            assertThat(e.details()).containsExactly(new FieldIssue("status", FieldIssue.INVALID_TRANSITION));
        });
    }

    private static AccessCredential credential(String status, String reason) {
        Instant now = Instant.now();
        return new AccessCredential(Ids.newId(), AccessCredential.OBJECT, Ids.newId(), Ids.newId(), Ids.newId(), null,
                "gate_code", status, null, now, null, null, reason, now, now);
    }
}
