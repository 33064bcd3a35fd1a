package com.storageplatform.billing.mandate;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.billing.provider.ProviderEvent.Kind;
import java.util.EnumSet;
import org.junit.jupiter.api.Test;

class MandateTransitionsTest {

    @Test
    void aMandateAwaitingAuthorisationBecomesActiveFailedOrCancelled() {
        assertThat(MandateTransitions.after(Mandate.AWAITING_AUTHORISATION, Kind.MANDATE_ACTIVE)).hasValue("active");
        assertThat(MandateTransitions.after(Mandate.AWAITING_AUTHORISATION, Kind.MANDATE_FAILED)).hasValue("failed");
        assertThat(MandateTransitions.after(Mandate.AWAITING_AUTHORISATION, Kind.MANDATE_CANCELLED))
                .hasValue("cancelled");
    }

    @Test
    void anActiveMandateIsOnlyCancelled() {
        assertThat(MandateTransitions.after(Mandate.ACTIVE, Kind.MANDATE_CANCELLED)).hasValue("cancelled");
        assertThat(MandateTransitions.after(Mandate.ACTIVE, Kind.MANDATE_ACTIVE)).isEmpty();
        assertThat(MandateTransitions.after(Mandate.ACTIVE, Kind.MANDATE_FAILED)).isEmpty();
    }

    @Test
    void nothingMovesAMandateInAFinalStatus() {
        for (String status : new String[] {Mandate.CANCELLED, Mandate.FAILED}) {
            for (Kind kind : Kind.values()) {
                assertThat(MandateTransitions.after(status, kind)).as(status + " on " + kind).isEmpty();
            }
        }
    }

    @Test
    void reportsOtherThanAMandatesChangeNoMandate() {
        EnumSet<Kind> others = EnumSet.complementOf(
                EnumSet.of(Kind.MANDATE_ACTIVE, Kind.MANDATE_FAILED, Kind.MANDATE_CANCELLED));
        for (String status : Mandate.STATUSES) {
            for (Kind kind : others) {
                assertThat(MandateTransitions.after(status, kind)).as(status + " on " + kind).isEmpty();
            }
        }
    }

    @Test
    void aReferenceIsSpAndEightCharactersABankCanCarry() {
        for (int i = 0; i < 200; i++) {
            assertThat(MandateService.newReference()).matches("SP-[2-9A-HJKMNP-Z]{8}");
        }
    }
}
