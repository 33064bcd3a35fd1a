package com.storageplatform.commerce.contact;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.commerce.internal.AccountSettings;
import com.storageplatform.commerce.internal.IdentityChecks;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The deprecated {@code kyc_status}, case by case, as the spec's Contact table says. */
class KycTest {

    static final IdentityChecks.State NONE = IdentityChecks.State.NONE;

    @Test
    void anOperatorThatDoesNotCheckIdNeedsNoneWhateverTheChecksSay() {
        assertThat(Kyc.status(false, NONE)).isEqualTo("not_required");
        assertThat(Kyc.status(false, new IdentityChecks.State(true, "verified"))).isEqualTo("not_required");
        assertThat(Kyc.status(false, new IdentityChecks.State(false, "requires_input"))).isEqualTo("not_required");
    }

    @Test
    void eitherIdSettingMeansTheOperatorChecksId() {
        AccountSettings.Settings none = AccountSettings.Settings.DEFAULTS;
        assertThat(Kyc.checksId(none)).isFalse();
        assertThat(Kyc.checksId(new AccountSettings.Settings(none.timezone(), "GBP", null, true, false, List.of(),
                7, null, null))).isTrue();
        assertThat(Kyc.checksId(new AccountSettings.Settings(none.timezone(), "GBP", null, false, true, List.of(),
                7, null, null))).isTrue();
    }

    @Test
    void aCheckThatPassedIsVerifiedEvenWhenALaterOneWaitsForStaff() {
        assertThat(Kyc.status(true, new IdentityChecks.State(true, "verified"))).isEqualTo("verified");
        assertThat(Kyc.status(true, new IdentityChecks.State(true, "requires_input"))).isEqualTo("verified");
        assertThat(Kyc.status(true, new IdentityChecks.State(true, "cancelled"))).isEqualTo("verified");
    }

    @Test
    void notVerifiedAndTheLatestCheckWaitingForStaffIsFailed() {
        assertThat(Kyc.status(true, new IdentityChecks.State(false, "requires_input"))).isEqualTo("failed");
    }

    @Test
    void otherwisePending() {
        assertThat(Kyc.status(true, NONE)).isEqualTo("pending");
        assertThat(Kyc.status(true, new IdentityChecks.State(false, "pending"))).isEqualTo("pending");
        assertThat(Kyc.status(true, new IdentityChecks.State(false, "cancelled"))).isEqualTo("pending");
    }

    @Test
    void rejectedIsNeverServed() {
        assertThat(Contact.KYC_STATUSES).containsExactly("not_required", "pending", "verified", "failed");
    }
}
