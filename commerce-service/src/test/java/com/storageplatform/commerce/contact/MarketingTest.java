package com.storageplatform.commerce.contact;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.FieldIssue;
import com.storageplatform.kit.web.Patch;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The marketing rules, pure: what a create, an update or an archived contact added again records, and what it
 * refuses.
 */
class MarketingTest {

    private static String create(String status, Boolean consent) {
        Validation v = Validation.start();
        String result = Marketing.onCreate(v, status, consent);
        return v.isValid() ? result : issues(v);
    }

    private static String update(String current, Patch<String> status, Patch<Boolean> consent) {
        Validation v = Validation.start();
        String result = Marketing.onUpdate(v, current, status, consent);
        return v.isValid() ? result : issues(v);
    }

    private static String addedAgain(String current, String status, Boolean consent) {
        Validation v = Validation.start();
        String result = Marketing.onReturn(v, current, status, consent);
        return v.isValid() ? result : issues(v);
    }

    private static String issues(Validation v) {
        List<FieldIssue> issues = v.issues();
        return String.join(", ", issues.stream().map(i -> i.field() + " " + i.issue()).toList());
    }

    @Test
    void aNewContactWasNotAskedUnlessTold() {
        assertThat(create(null, null)).isEqualTo("not_asked");
        assertThat(create("yes", null)).isEqualTo("yes");
        assertThat(create("no", null)).isEqualTo("no");
        assertThat(create("not_asked", null)).isEqualTo("not_asked");
    }

    @Test
    void consentOnCreateMeansYesAndItsAbsenceRecordsNothing() {
        assertThat(create(null, true)).isEqualTo("yes");
        assertThat(create(null, false)).isEqualTo("not_asked");
        assertThat(create("no", false)).isEqualTo("no");
        assertThat(create("not_asked", false)).isEqualTo("not_asked");
        assertThat(create("yes", true)).isEqualTo("yes");
    }

    @Test
    void aStatusAndAConsentThatContradictEachOtherAreRefused() {
        assertThat(create("yes", false)).isEqualTo("marketing_consent invalid");
        assertThat(create("no", true)).isEqualTo("marketing_consent invalid");
        assertThat(create("not_asked", true)).isEqualTo("marketing_consent invalid");
        assertThat(update("yes", Patch.of("no"), Patch.of(true))).isEqualTo("marketing_consent invalid");
    }

    @Test
    void aWithdrawalSentWithNotAskedContradictsItself() {
        // false on update of a yes withdraws it (no): not_asked with it would lose the withdrawal.
        assertThat(update("yes", Patch.of("not_asked"), Patch.of(false))).isEqualTo("marketing_consent invalid");
        assertThat(update("yes", Patch.of("yes"), Patch.of(false))).isEqualTo("marketing_consent invalid");
        assertThat(update("yes", Patch.of("no"), Patch.of(false))).isEqualTo("no");
        // With nothing to withdraw, false records nothing and agrees with not_asked.
        assertThat(update("not_asked", Patch.of("not_asked"), Patch.of(false))).isEqualTo("not_asked");
        assertThat(update("not_asked", Patch.of("no"), Patch.of(false))).isEqualTo("no");
    }

    @Test
    void anArchivedContactAddedAgainFollowsTheCreateRulesFromItsStoredStatus() {
        // false records nothing: a stored yes is not withdrawn.
        assertThat(addedAgain("yes", null, false)).isEqualTo("yes");
        assertThat(addedAgain("yes", null, null)).isEqualTo("yes");
        assertThat(addedAgain("no", null, false)).isEqualTo("no");
        assertThat(addedAgain("not_asked", null, true)).isEqualTo("yes");
        // An explicit status still applies, and a no still cannot become not_asked.
        assertThat(addedAgain("yes", "not_asked", false)).isEqualTo("not_asked");
        assertThat(addedAgain("yes", "no", null)).isEqualTo("no");
        assertThat(addedAgain("no", "not_asked", null)).isEqualTo("marketing_status invalid_transition");
        assertThat(addedAgain("no", "not_asked", false)).isEqualTo("marketing_status invalid_transition");
        assertThat(addedAgain("not_asked", "yes", false)).isEqualTo("marketing_consent invalid");
    }

    @Test
    void anUnknownStatusIsInvalid() {
        assertThat(create("maybe", null)).isEqualTo("marketing_status invalid");
        assertThat(create("YES", true)).isEqualTo("marketing_status invalid");
    }

    @Test
    void withdrawingConsentOnUpdateTurnsAnEarlierYesIntoNo() {
        assertThat(update("yes", null, Patch.of(false))).isEqualTo("no");
        assertThat(update("not_asked", null, Patch.of(false))).isEqualTo("not_asked");
        assertThat(update("no", null, Patch.of(false))).isEqualTo("no");
        assertThat(update("no", null, Patch.of(true))).isEqualTo("yes");
        assertThat(update("yes", null, null)).isEqualTo("yes");
    }

    @Test
    void aNoNeverGoesBackToNotAsked() {
        assertThat(update("no", Patch.of("not_asked"), null)).isEqualTo("marketing_status invalid_transition");
        assertThat(update("no", Patch.of("not_asked"), Patch.of(false)))
                .isEqualTo("marketing_status invalid_transition");
        assertThat(update("not_asked", Patch.of("not_asked"), null)).isEqualTo("not_asked");
        assertThat(update("yes", Patch.of("not_asked"), null)).isEqualTo("not_asked");
        assertThat(update("no", Patch.of("yes"), null)).isEqualTo("yes");
    }

    @Test
    void nullForAStatusOrAConsentIsRequired() {
        assertThat(update("yes", Patch.ofNull(), null)).isEqualTo("marketing_status required");
        assertThat(update("yes", null, Patch.ofNull())).isEqualTo("marketing_consent required");
    }
}
